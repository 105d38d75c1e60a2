// The Chinese sentences of the server's refusals (errors.json): loaded with the signed-in frame, or
// by the first refusal a signed-out screen meets (see index.ts, loadErrorStrings).
import { bundle } from './bundle.ts';

export default bundle(import.meta.glob('./locales/zh-CN/errors.json', { eager: true }));
