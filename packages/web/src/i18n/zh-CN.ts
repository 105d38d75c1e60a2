// Every Simplified Chinese string, as one chunk loaded only when Chinese is in use.
import { bundle } from './bundle.ts';

export default bundle(import.meta.glob('./locales/zh-CN/*.json', { eager: true }));
