// Sample data in the shapes of the generated bindings, for unit tests.
import type { LibraryView } from "../lib/bindings/LibraryView";
import type { PassageView } from "../lib/bindings/PassageView";
import type { Settings } from "../lib/bindings/Settings";

export function samplePassage(over: Partial<PassageView> = {}): PassageView {
  return {
    id: "xiangshe.zhushu.0001",
    source: "xiangshe.zhushu",
    work: "鄉射禮",
    title: "鄉射禮",
    edition: "儀禮註疏",
    ordinal: 1,
    total: 3,
    section: null,
    ji: false,
    script: "original",
    segments: [
      { layer: "經", text: "鄉射之禮。主人戒賓。", ji: false, line: 5, column: 1, shu_on_zhu: null, readings: [] },
      { layer: "注", text: "主人,州長也。", ji: false, line: 7, column: 1, shu_on_zhu: null, readings: [] },
      { layer: "疏", text: "釋曰:自此。○注「主人」", ji: false, line: 8, column: 1, shu_on_zhu: 6, readings: [] },
      {
        layer: "音義",
        text: "射食亦反",
        ji: false,
        line: 9,
        column: 1,
        shu_on_zhu: null,
        readings: [{ character: "射", reading: "食亦反", kind: "fanqie" }],
      },
    ],
    prev: null,
    next: "xiangshe.zhushu.0002",
    ...over,
  };
}

export function sampleLibrary(): LibraryView {
  return {
    left_out: [],
    works: [
      {
        work: "鄉射禮",
        title: "鄉射禮",
        editions: [
          {
            source: "xiangshe.zhushu",
            edition: "儀禮註疏",
            script: "traditional",
            layers: ["經", "注", "疏"],
            passages: 2,
            sections: [
              {
                title: null,
                ji: false,
                passages: [
                  { id: "xiangshe.zhushu.0001", ordinal: 1, section: null, preview: "鄉射之禮。主人戒賓。" },
                  { id: "xiangshe.zhushu.0002", ordinal: 2, section: null, preview: "賓出迎,再拜。" },
                ],
              },
            ],
          },
          {
            source: "xiangshe.yiwen",
            edition: "白話譯文",
            script: "traditional",
            layers: [],
            passages: 0,
            sections: [],
          },
        ],
      },
      {
        work: "燕禮",
        title: "燕禮",
        editions: [
          { source: "yanli.zhushu", edition: "儀禮注疏", script: "traditional", layers: [], passages: 0, sections: [] },
        ],
      },
      {
        work: "大射儀",
        title: "大射儀",
        editions: [
          { source: "dashe.tongjie", edition: "儀禮經傳通解", script: "simplified", layers: [], passages: 0, sections: [] },
        ],
      },
    ],
  };
}

export const SAMPLE_SETTINGS: Settings = {
  script: "original",
  char_size: 24,
  theme: "system",
  layers: ["注", "疏", "音義", "按", "題"],
  parallel: false,
  plan: false,
  place: "",
  locale: "en",
};
