// The rest of the English strings, loaded with the signed-in frame (see index.ts).
import { bundle } from './bundle.ts';

export default bundle(import.meta.glob(['./locales/en/*.json', '!./locales/en/{common,login,signup,errors}.json'], { eager: true }));
