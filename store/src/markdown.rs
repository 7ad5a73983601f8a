//! Safe rendering of a note's Markdown to HTML.
//!
//! CommonMark (with tables and strikethrough) through `pulldown-cmark`, with
//! everything that could carry script taken out before HTML is written:
//!
//! - raw HTML, block or inline, is shown as text (escaped), never passed on;
//! - links keep only `http:`, `https:` and `mailto:` targets and in-page
//!   `#fragments`; any other link (`javascript:`, `data:`, `vbscript:`,
//!   `file:` …) is reduced to its text;
//! - images are reduced to their alt text (the app loads nothing from
//!   outside);
//! - text and attribute values are escaped by `pulldown-cmark`'s writer.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, html};

/// Whether a link target is safe to keep: `http:`, `https:`, `mailto:` or a
/// fragment. Browsers ignore ASCII whitespace and control characters inside
/// a scheme, so they are removed before looking at it.
fn safe_url(url: &str) -> bool {
    let u: String = url
        .chars()
        .filter(|c| !c.is_ascii_whitespace() && !c.is_control())
        .collect::<String>()
        .to_ascii_lowercase();
    if u.starts_with('#') {
        return true;
    }
    ["http://", "https://", "mailto:"].iter().any(|s| u.starts_with(s))
}

/// Renders Markdown to HTML that holds no script, event handler, raw HTML
/// or unsafe link.
pub fn render(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut dropped_links: Vec<bool> = Vec::new();
    let events = Parser::new_ext(markdown, options).filter_map(|ev| match ev {
        Event::Html(s) | Event::InlineHtml(s) => Some(Event::Text(s)),
        Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
            let keep = safe_url(&dest_url);
            dropped_links.push(!keep);
            keep.then_some(Event::Start(Tag::Link { link_type, dest_url, title, id }))
        }
        Event::End(TagEnd::Link) => {
            if dropped_links.pop().unwrap_or(true) {
                None
            } else {
                Some(Event::End(TagEnd::Link))
            }
        }
        // An image's alt text comes as the events between its start and end.
        Event::Start(Tag::Image { .. }) | Event::End(TagEnd::Image) => None,
        other => Some(other),
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::render;

    /// Every `<` in the output starts a real tag (text is escaped), so the
    /// tags can be checked one by one: known harmless elements only, no
    /// event-handler attribute, links only to safe targets.
    fn assert_safe(html: &str) {
        const ALLOWED: &[&str] = &[
            "p",
            "strong",
            "em",
            "a",
            "ul",
            "ol",
            "li",
            "code",
            "pre",
            "blockquote",
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "hr",
            "br",
            "table",
            "thead",
            "tbody",
            "tr",
            "th",
            "td",
            "del",
        ];
        for (i, _) in html.match_indices('<') {
            let tag = &html[i + 1..i + 1 + html[i + 1..].find('>').expect("tags are closed")];
            let tag = tag.trim_start_matches('/');
            let name: String = tag.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            assert!(ALLOWED.contains(&name.as_str()), "<{tag}> in {html}");
            let attrs = tag[name.len()..].to_ascii_lowercase();
            for word in attrs.split_whitespace() {
                assert!(!word.starts_with("on"), "event handler in <{tag}> in {html}");
            }
            if let Some(h) = attrs.find("href=\"") {
                let url = &attrs[h + 6..];
                assert!(
                    ["http://", "https://", "mailto:", "#"].iter().any(|p| url.starts_with(p)),
                    "unsafe link <{tag}> in {html}"
                );
            }
            assert!(!attrs.contains("src="), "<{tag}> loads something, in {html}");
        }
    }

    #[test]
    fn ordinary_markdown_renders() {
        let h = render("**觶** is a *cup*; see [ctext](https://ctext.org/yili).\n\n- 一\n- 二");
        assert!(h.contains("<strong>觶</strong>"), "{h}");
        assert!(h.contains("<em>cup</em>"), "{h}");
        assert!(h.contains("<a href=\"https://ctext.org/yili\">ctext</a>"), "{h}");
        assert!(h.contains("<li>一</li>"), "{h}");
    }

    #[test]
    fn raw_html_is_shown_as_text() {
        for src in [
            "<script>alert(1)</script>",
            "hello <script>alert(1)</script> world",
            "<img src=x onerror=alert(1)>",
            "text <img src=x onerror=alert(1)> more",
            "<iframe src=\"javascript:alert(1)\"></iframe>",
            "<svg onload=alert(1)>",
            "<a href=\"javascript:alert(1)\">x</a>",
        ] {
            let h = render(src);
            assert_safe(&h);
            assert!(h.contains("&lt;"), "raw HTML shown as text: {h}");
        }
    }

    #[test]
    fn unsafe_links_lose_their_target() {
        for src in [
            "[click](javascript:alert(1))",
            "[click](JaVaScRiPt:alert(1))",
            "[click](  javascript:alert(1))",
            "[click](java\tscript:alert(1))",
            "[click](jav&#x61;script:alert(1))",
            "[click](&#106;avascript:alert(1))",
            "<javascript:alert(1)>",
            "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
            "[click](vbscript:msgbox)",
            "[click][r]\n\n[r]: javascript:alert(1)",
        ] {
            let h = render(src);
            assert_safe(&h);
            assert!(!h.contains("<a "), "no link kept for {src}: {h}");
        }
        assert!(render("[x](mailto:a@b.c)").contains("href=\"mailto:a@b.c\""));
        assert!(render("[x](#top)").contains("href=\"#top\""));
    }

    #[test]
    fn images_become_their_alt_text() {
        let h = render("![a cup](https://example.invalid/x.png) ![x](javascript:alert(1))");
        assert_safe(&h);
        assert!(h.contains("a cup"), "{h}");
        assert!(!h.contains("<img"), "{h}");
    }

    #[test]
    fn attributes_are_escaped() {
        let h = render("[x](https://a.b/\"onmouseover=\"alert(1))");
        assert!(!h.contains("\"onmouseover=\""), "{h}");
    }
}
