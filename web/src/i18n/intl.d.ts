// Message ids are checked by the compiler: an id not in an English catalogue does not build.
import type { MessageId } from './catalogue.ts';

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
