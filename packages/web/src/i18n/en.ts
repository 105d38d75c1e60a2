// Every English string, as one chunk loaded only when English is in use.
import { bundle } from './bundle.ts';

export default bundle(import.meta.glob('./locales/en/*.json', { eager: true }));
