"""Reads the `legal` tree of a `state` (docs/gui-protocol.md) the way the page
does: a walk from the root node, one click at a time."""


def root(legal):
    return legal["nodes"][legal["root"]]


def child(legal, node, click):
    """The node after one more click, or None if that click is not legal here."""
    index = node.get("next", {}).get(click)
    return None if index is None else legal["nodes"][index]


def walk(legal, clicks):
    """(node, text so far, frame in force) after these clicks, or None."""
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
