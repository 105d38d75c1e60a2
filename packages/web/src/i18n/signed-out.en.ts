// The English strings of the signed-out screens and of the loading and error states: the
// first page load's (see index.ts). A string shown before sign-in must be in one of these areas.
import { bundle } from './bundle.ts';

export default bundle(import.meta.glob('./locales/en/{common,login,signup}.json', { eager: true }));
