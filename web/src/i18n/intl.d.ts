// Message ids are checked by the compiler: an id not in the English catalogue does not build.
import type en from './catalogues/public/en.json';

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: keyof typeof en;
    }
  }
}
