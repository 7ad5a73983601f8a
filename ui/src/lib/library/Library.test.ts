import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { setLocale } from "../i18n/i18n.svelte";
import Library from "./Library.svelte";
import { router } from "../shell/router.svelte";
import { sampleLibrary } from "../../test/fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
});

describe("Library", () => {
  it("says in 繁體中文 which of the user's texts were left out and why, the work in its own lang", async () => {
    setLocale("zh-Hant");
    setTransport(async (cmd) => {
      if (cmd === "library") {
        return {
          ...sampleLibrary(),
          left_out: [
            {
              id: "user.0a1b2c3d",
              work: "周禮",
              file: "user.0a1b2c3d.txt",
              code: "library.reason.damaged",
              params: {},
              message: "it is damaged: its file is not the text imported (its checksum differs from the recorded one)",
            },
            {
              id: "user.11112222",
              work: "My notes",
              file: "user.11112222.txt",
              code: "library.reason.unreadable",
              params: { detail: "Permission denied (os error 13)" },
              message: "its file cannot be read: Permission denied (os error 13)",
            },
          ],
        };
      }
      throw new Error(cmd);
    });
    render(Library);
    const lines = await screen.findAllByTestId("left-out-text");
    expect(lines.map((l) => l.textContent?.trim())).toEqual([
      "你的文本「周禮」（user.0a1b2c3d）未列入書庫：檔案已損壞：已不是匯入時的文本（校驗和與記錄不符）。",
      "你的文本「My notes」（user.11112222）未列入書庫：其檔案無法讀取：Permission denied (os error 13)",
    ]);
    expect(lines[0].querySelector('span[lang="zh"]')?.textContent).toBe("周禮");
    expect(lines[1].querySelector("span[lang]")).toBeNull();
    setLocale("en");
  });

  it("lists the works, their editions and the passages of the first edition with passages", async () => {
    setTransport(async (cmd) => {
      if (cmd === "library") return sampleLibrary();
      throw new Error(cmd);
    });
    render(Library);
    const titles = await screen.findAllByTestId("work-title");
    expect(titles.map((t) => t.textContent)).toEqual(["鄉射禮", "燕禮", "大射儀"]);
    expect(screen.getByTestId("edition-xiangshe.zhushu").getAttribute("aria-pressed")).toBe("true");
    const links = document.querySelectorAll("[data-passage-id]");
    expect(links.length).toBe(2);
    expect(links[0].getAttribute("href")).toBe("#/read/xiangshe.zhushu.0001");

    await fireEvent.click(screen.getByTestId("edition-yanli.zhushu"));
    expect(screen.getByText("No passages of this edition are available yet.")).toBeTruthy();
  });

  it("reads a user's text listed unread when it is chosen, and lists its passages", async () => {
    const calls: [string, Record<string, unknown>][] = [];
    const mine = {
      source: "user.0a1b2c3d",
      edition: "imported",
      edition_kind: "imported" as const,
      script: "traditional",
      layers: ["經" as const],
      passages: 2,
    };
    setTransport(async (cmd, args) => {
      calls.push([cmd, args]);
      if (cmd === "library") {
        const lib = sampleLibrary();
        lib.works.push({ work: "周禮", title: "周禮", editions: [{ ...mine, sections: null }] });
        return lib;
      }
      if (cmd === "edition") {
        return {
          ...mine,
          sections: [
            {
              title: null,
              ji: false,
              passages: [
                { id: "user.0a1b2c3d.0001", ordinal: 1, section: null, preview: "司弓矢掌六弓四弩八矢之法。" },
                { id: "user.0a1b2c3d.0002", ordinal: 2, section: null, preview: "射人掌國之三公孤卿大夫之位。" },
              ],
            },
          ],
        };
      }
      throw new Error(cmd);
    });
    render(Library);
    await screen.findAllByTestId("work-title");
    // No user text is read to list the library (the contents asked for are
    // the built-in edition's, shown first).
    expect(calls.map(([c]) => c).filter((c) => c !== "contents")).toEqual(["library"]);
    expect(calls.filter(([c, a]) => c === "contents" && a.source !== "xiangshe.zhushu")).toEqual([]);
    const button = screen.getByTestId("edition-user.0a1b2c3d");
    expect(button.querySelector(".count")!.textContent).toBe("2");
    await fireEvent.click(button);
    await waitFor(() => expect(document.querySelectorAll("[data-passage-id]").length).toBe(2));
    expect(calls.filter(([c]) => c === "edition")).toEqual([["edition", { source: "user.0a1b2c3d", script: "original" }]]);
    expect(document.querySelector("[data-passage-id]")!.getAttribute("href")).toBe("#/read/user.0a1b2c3d.0001");
  });

  it("says why a user's text cannot be read when it is chosen", async () => {
    const why = "your text user.0a1b2c3d (user.0a1b2c3d.txt) was left out: stream did not contain valid UTF-8";
    setTransport(async (cmd) => {
      if (cmd === "library") {
        const lib = sampleLibrary();
        lib.works.push({
          work: "周禮",
          title: "周禮",
          editions: [
            {
              source: "user.0a1b2c3d",
              edition: "imported",
              edition_kind: "imported",
              script: "traditional",
              layers: [],
              passages: 0,
              sections: null,
            },
          ],
        });
        return lib;
      }
      if (cmd === "edition")
        return Promise.reject({
          kind: "storage",
          code: "library.left_out",
          params: { work: "周禮", id: "user.0a1b2c3d" },
          message: why,
          items: [
            {
              file: null,
              code: "library.reason.unreadable",
              params: { detail: "stream did not contain valid UTF-8" },
              message: "its file cannot be read: stream did not contain valid UTF-8",
            },
          ],
        });
      throw new Error(cmd);
    });
    render(Library);
    await screen.findAllByTestId("work-title");
    const button = screen.getByTestId("edition-user.0a1b2c3d");
    expect(button.querySelector(".count")!.textContent).toBe("…");
    await fireEvent.click(button);
    const error = await screen.findByTestId("edition-error");
    expect(error.textContent).toBe("Your text 周禮 (user.0a1b2c3d) was left out: Its file cannot be read: stream did not contain valid UTF-8");
    expect(document.querySelectorAll("[data-passage-id]").length).toBe(0);
    // said by its code, so it follows a change of language
    setLocale("zh-Hant");
    await waitFor(() =>
      expect(error.textContent).toBe("你的文本「周禮」（user.0a1b2c3d）未列入書庫：其檔案無法讀取：stream did not contain valid UTF-8"),
    );
    setLocale("en");
  });

  it("shows the contents under headings that fold away, by click or keyboard", async () => {
    setTransport(async (cmd, args) => {
      if (cmd === "library") return sampleLibrary();
      if (cmd === "contents") {
        expect(args).toEqual({ source: "xiangshe.zhushu", script: "original" });
        return [
          { title: "速賓", basis: "edition", from_edition: "儀禮經傳通解", ji: false, first: 1, last: 1 },
          { title: "主人獻賓", basis: "commentary", from_edition: null, ji: false, first: 2, last: 2 },
        ];
      }
      throw new Error(cmd);
    });
    render(Library);
    const heads = await screen.findAllByTestId("contents-heading");
    expect(heads.map((h) => h.querySelector(".heading-title")!.textContent)).toEqual(["速賓", "主人獻賓"]);
    expect(heads[0].querySelector(".heading-title")!.getAttribute("lang")).toBe("zh-Hant");
    // Each heading holds its passages, shown until folded.
    const list = document.getElementById(heads[0].getAttribute("aria-controls")!)!;
    expect(list.querySelectorAll("[data-passage-id]").length).toBe(1);
    expect(heads[0].getAttribute("aria-expanded")).toBe("true");
    await fireEvent.click(heads[0]);
    expect(heads[0].getAttribute("aria-expanded")).toBe("false");
    expect(list.hidden).toBe(true);
    expect(heads[1].getAttribute("aria-expanded")).toBe("true");
    await fireEvent.click(screen.getByTestId("contents-collapse"));
    expect(heads.map((h) => h.getAttribute("aria-expanded"))).toEqual(["false", "false"]);
    await fireEvent.click(screen.getByTestId("contents-expand"));
    expect(heads.map((h) => h.getAttribute("aria-expanded"))).toEqual(["true", "true"]);
    // Where the heading comes from is said.
    expect(document.querySelector(".heading-basis")!.getAttribute("title")).toContain("儀禮經傳通解");
    expect(screen.getByTestId("read-jing").getAttribute("href")).toBe("#/jing/xiangshe.zhushu");
  });

  it("says which address named no place when a broken link opened it", async () => {
    setTransport(async (cmd) => {
      if (cmd === "library") return sampleLibrary();
      throw new Error(cmd);
    });
    router.route = { view: "library", unknown: "#/read/../../etc/passwd" };
    try {
      render(Library);
      expect(screen.getByTestId("unknown-place").textContent).toContain("“#/read/../../etc/passwd” names no place in Sheli");
    } finally {
      router.route = { view: "library" };
    }
  });

  it("quotes a Chinese address that names no place in its own lang", async () => {
    setTransport(async (cmd) => {
      if (cmd === "library") return sampleLibrary();
      throw new Error(cmd);
    });
    setLocale("zh-Hant");
    router.route = { view: "library", unknown: "#/讀/鄉射禮" };
    try {
      render(Library);
      const notice = screen.getByTestId("unknown-place");
      expect(notice.textContent?.trim()).toBe("「#/讀/鄉射禮」不是 Sheli 裏的任何位置，故顯示書目。");
      const quoted = [...notice.querySelectorAll("span[lang]")].map((s) => [s.getAttribute("lang"), s.textContent]);
      expect(quoted).toEqual([
        ["zh", "讀"],
        ["zh", "鄉射禮"],
      ]);
    } finally {
      router.route = { view: "library" };
      setLocale("en");
    }
  });

  it("says so when there are no texts", async () => {
    setTransport(async () => ({ works: [], left_out: [] }));
    render(Library);
    expect(await screen.findByText("No texts are available yet.")).toBeTruthy();
  });

  it("says which of the user's texts were left out, above the rest of the library", async () => {
    const missing = {
      id: "user.abcd1234",
      work: "射書",
      file: "user.abcd1234.txt",
      code: "library.reason.missing",
      params: {},
      message: "its file is missing",
    };
    const list = { id: "", work: "", file: "texts/manifest.toml", code: "library.reason.list", params: { detail: "expected `]`" }, message: "…" };
    setTransport(async () => ({ ...sampleLibrary(), left_out: [missing, list] }));
    render(Library);
    expect((await screen.findByTestId("left-out")).textContent).toContain(
      "Your text 射書 (user.abcd1234) was left out of the library: Its file is missing.",
    );
    expect(screen.getByTestId("left-out").textContent).toContain(
      "Your texts were left out of the library: The list of your texts (texts/manifest.toml) cannot be read: expected `]`",
    );
    expect((await screen.findAllByTestId("work-title")).length).toBe(3);
  });

  it("shows the backend's message when the library cannot load", async () => {
    setTransport(() => Promise.reject({ kind: "corpus", message: "the texts are unavailable: bad file" }));
    render(Library);
    expect((await screen.findByRole("alert")).textContent).toContain("the texts are unavailable: bad file");
  });

  it("adds the user's texts: sends the file's bytes and the work, says what was added, reads the library again", async () => {
    const calls: [string, Record<string, unknown>][] = [];
    let imported = false;
    setTransport(async (cmd, args) => {
      calls.push([cmd, args]);
      if (cmd === "library") {
        const lib = sampleLibrary();
        if (imported) lib.works.push({ ...lib.works[0], work: "周禮", title: "周禮" });
        return lib;
      }
      if (cmd === "import_texts") {
        imported = true;
        return [{ id: "user.0a1b2c3d", work: "周禮", file: "周禮.txt", encoding: "gb18030", passages: 2 }];
      }
      throw new Error(cmd);
    });
    render(Library);
    await screen.findAllByTestId("work-title");
    await fireEvent.input(screen.getByTestId("import-work"), { target: { value: "周禮" } });
    const file = new File([new Uint8Array([0xcb, 0xbe, 0xb9, 0xad])], "周禮.txt", { type: "text/plain" });
    const input = screen.getByTestId("import-texts-file") as HTMLInputElement;
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    await fireEvent.change(input);
    await waitFor(() =>
      expect(screen.getByTestId("import-status").textContent).toBe("Added 周禮.txt as 周禮 (2 passages, GB18030)."),
    );
    const sent = calls.find(([c]) => c === "import_texts")![1];
    expect(sent).toEqual({ files: [{ name: "周禮.txt", base64: "y765rQ==" }], work: "周禮" });
    await waitFor(() => expect(screen.getAllByTestId("work-title").length).toBe(4));
    expect(calls.filter(([c]) => c === "library").length).toBe(2);
  });

  it("shows why nothing was imported", async () => {
    setTransport(async (cmd) => {
      if (cmd === "library") return sampleLibrary();
      if (cmd === "import_texts") return Promise.reject({ kind: "invalid_input", message: "nothing was imported:\n  a.txt: the file is empty" });
      throw new Error(cmd);
    });
    render(Library);
    await screen.findAllByTestId("work-title");
    const input = screen.getByTestId("import-texts-file") as HTMLInputElement;
    Object.defineProperty(input, "files", { value: [new File([], "a.txt")], configurable: true });
    await fireEvent.change(input);
    await waitFor(() => expect(screen.getByTestId("import-status").textContent).toContain("a.txt: the file is empty"));
    expect(screen.getByTestId("import-status").classList.contains("status-error")).toBe(true);
  });
});
