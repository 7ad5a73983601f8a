// All three languages' messages at once, for the tests that compare them
// (i18n.test.ts, errors.test.ts) and for the type of `t`'s keys. The app
// itself does not import this: it bundles English (messages-en.ts) and
// loads the language it speaks when first asked (i18n.svelte.ts,
// loadLocale), so that a start parses one language's messages, not three
// (issue 12's start-up).

import { messages as en } from "./messages-en";
import { messages as zhHant } from "./messages-zh-Hant";
import { messages as zhHans } from "./messages-zh-Hans";

export type { Messages } from "./messages-en";

export const resources = {
  en: { translation: en },
  "zh-Hant": { translation: zhHant },
  "zh-Hans": { translation: zhHans },
};
