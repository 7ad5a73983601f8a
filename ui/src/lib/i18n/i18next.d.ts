// Message keys are typed from the English files: `t("search.nothingFound")`
// with a key that does not exist fails svelte-check, not the reader.
import "i18next";
import type { Messages } from "./resources";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Messages };
  }
}
