"""Reads the `legal` tree of a `state` (docs/gui-protocol.md) the way the page
does: the maps told by `like` made whole, then a walk from the root node, one
click at a time."""


def expand(legal):
    """The same tree with every node's whole map in `next`: a node with `like` J
    has J's whole map, less the clicks in `not`, with its own `next` over it
    (J is always an earlier node). Trees without `like` come back as they are."""
    if not legal or not any("like" in n for n in legal.get("nodes", [])):
        return legal
    nodes = []
    for i, node in enumerate(legal["nodes"]):
        if "like" not in node:
            nodes.append(node)
            continue
        j = node["like"]
        assert isinstance(j, int) and 0 <= j < i, f"node {i}: like {j} is not an earlier node"
        gone = set(node.get("not", []))
        whole = {c: k for c, k in nodes[j].get("next", {}).items() if c not in gone}
        whole.update(node.get("next", {}))
        nodes.append({**{k: v for k, v in node.items() if k not in ("like", "not", "next")}, "next": whole})
    return {**legal, "nodes": nodes}


def root(legal):
    return legal["nodes"][legal["root"]]


def child(legal, node, click):
    """The node after one more click, or None if that click is not legal here."""
    index = node.get("next", {}).get(click)
    return None if index is None else legal["nodes"][index]


def walk(legal, clicks):
    """(node, text so far, frame in force) after these clicks, or None."""
    legal = expand(legal)
    node = root(legal)
    text, frame = node.get("part", ""), node.get("frame")
    for c in clicks:
        node = child(legal, node, c)
        if node is None:
            return None
        text += node.get("part", "")
        frame = node.get("frame", frame)
    return node, text, frame


def turns(legal):
    """Every legal turn as {"text", "clicks", "frames": {after: frame}}, in the server's order."""
    out = []
    legal = expand(legal)

    def visit(node, clicks, text, frames):
        text += node.get("part", "")
        if "frame" in node:
            frames = {**frames, len(clicks): node["frame"]}
        if node.get("end"):
            out.append({"text": text, "clicks": clicks, "frames": frames})
        for c, index in node.get("next", {}).items():
            visit(legal["nodes"][index], clicks + [c], text, frames)

    if legal and legal.get("nodes"):
        visit(root(legal), [], "", {})
    return out
