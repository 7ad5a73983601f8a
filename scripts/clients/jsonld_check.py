#!/usr/bin/env python3
"""Sheli's Web Annotation export read by a real JSON-LD processor (PyPI
`pyld`, pinned in scripts/install-deps.sh), for
src-tauri/tests/integration/real_clients.rs.

    jsonld_check.py EXPORT.json CONTEXT.jsonld

The W3C context is served from CONTEXT.jsonld by a document loader that
refuses any other URL: nothing is fetched from the network. Expands the
export, converts it to RDF (N-Quads) and prints JSON:
- `quads`: every triple as [subject, predicate, object, datatype or null];
- `leaves`: how many values the export holds (strings, numbers, booleans
  outside `@context`) and `expanded_leaves`, how many the expansion kept
  (`@value`, `@id`, `@type`): JSON-LD drops a term its context does not
  define without a word, and this is how a dropped term shows;
- `bad_literals`: typed literals whose text is not of their type
  (xsd:dateTime, xsd:nonNegativeInteger);
- `compacts_to_same_graph`: the export compacted again with the W3C context
  (as a consumer would) is the same graph as the export, compared in
  canonical form (URDNA2015).
"""
import json
import re
import sys

from pyld import jsonld

ANNO = "http://www.w3.org/ns/anno.jsonld"
export_path, context_path = sys.argv[1], sys.argv[2]
context = json.load(open(context_path, encoding="utf-8"))


def loader(url, options=None):
    if url.rstrip("/") in (ANNO, ANNO.replace("http:", "https:")):
        return {"contextUrl": None, "documentUrl": url, "document": context}
    raise jsonld.JsonLdError(
        f"the tests fetch nothing: {url} is not the W3C context", "loading document failed"
    )


jsonld.set_document_loader(loader)
doc = json.load(open(export_path, encoding="utf-8"))


def count(v, key=None):
    if key == "@context":
        return 0
    if isinstance(v, dict):
        return sum(count(x, k) for k, x in v.items())
    if isinstance(v, list):
        return sum(count(x) for x in v)
    return 1


def count_expanded(v):
    if isinstance(v, dict):
        n = 0
        for k, x in v.items():
            if k in ("@value", "@id"):
                n += 1
            elif k == "@type" and "@value" not in v:
                n += len(x) if isinstance(x, list) else 1
            elif k == "@type":
                pass  # a literal's datatype, no value of the export
            else:
                n += count_expanded(x)
        return n
    if isinstance(v, list):
        return sum(count_expanded(x) for x in v)
    return 0


expanded = jsonld.expand(doc, {"documentLoader": loader})
dataset = jsonld.to_rdf(doc, {"documentLoader": loader})
quads = []
bad = []
for graph in dataset.values():
    for t in graph:
        o = t["object"]
        dt = o.get("datatype") if o["type"] == "literal" else None
        quads.append([t["subject"]["value"], t["predicate"]["value"], o["value"], dt])
        if dt == "http://www.w3.org/2001/XMLSchema#dateTime" and not re.fullmatch(
            r"-?\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?", o["value"]
        ):
            bad.append(o["value"])
        if dt == "http://www.w3.org/2001/XMLSchema#nonNegativeInteger" and not re.fullmatch(
            r"\d+", o["value"]
        ):
            bad.append(o["value"])
context_of_export = doc["@context"] if isinstance(doc, dict) else ANNO
compacted = jsonld.compact(doc, {"@context": context_of_export}, {"documentLoader": loader})
canonical = lambda d: jsonld.normalize(
    d, {"algorithm": "URDNA2015", "format": "application/n-quads", "documentLoader": loader}
)
print(json.dumps({
    "compacts_to_same_graph": canonical(doc) == canonical(compacted) and bool(canonical(doc)),
    "quads": quads,
    "leaves": count(doc),
    "expanded_leaves": count_expanded(expanded),
    "bad_literals": bad,
}, ensure_ascii=False))
