#!/usr/bin/env python3
"""The rules as the page's "Full rules" link opens them: /rules/NAME.html,
rendered by the server from docs/rules/NAME.md with cmark. Every game's page is
HTML with no Markdown left over, no script, no engine command for developers,
a board for every diagram of the Markdown; hostile names get 404.
Usage: test_rules_html.py RULEZERO"""
import os
import re

from guitest import check, connect, finish, http, start_server, stop_server

RULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "rules")


def get(port, path):
    """(status, headers, text): a page served must be UTF-8."""
    status, headers, body = http(port, path)
    return status, headers, body.decode("utf-8") if status < 400 else body.decode("utf-8", "replace")


def rules_docs(port):
    """Every variant's rules document name, from the page's setup message."""
    ws, setup, _ = connect(port)
    ws.close()
    return sorted({v["rules_doc"] for v in setup["variants"] if v.get("rules_doc")}), setup["variants"]


def check_page(port, name):
    status, headers, html = get(port, f"/rules/{name}.html")
    check(status == 200, f"{name}: /rules/{name}.html answers {status}")
    if status != 200:
        return
    markdown = open(os.path.join(RULES, name + ".md"), encoding="utf-8").read()
    check(headers.get("Content-Type", "").startswith("text/html"), f"{name}: served as {headers.get('Content-Type')}")
    check("script-src" not in headers.get("Content-Security-Policy", "x") and
          "default-src 'none'" in headers.get("Content-Security-Policy", ""), f"{name}: no script allowed by the policy")
    check(html.startswith("<!DOCTYPE html>") and "</html>" in html, f"{name}: a whole HTML page")
    check('href="rules.css"' in html, f"{name}: styled by rules.css, beside it")
    check("```" not in html, f"{name}: Markdown fences left in the page")
    check("<script" not in html.lower(), f"{name}: a script in the page")
    check("build/rulezero" not in html and "<!-- developers" not in html, f"{name}: engine commands for developers shown")
    check("raw HTML omitted" not in html, f"{name}: raw HTML in the Markdown")
    check(not re.search(r'href="[^"]*\.md[#"]', html), f"{name}: a link to raw Markdown")
    boards = len(re.findall(r"^```board", markdown, re.M))
    drawn = html.count('<figure class="diagram">')
    check(drawn == boards, f"{name}: {boards} board diagrams in the Markdown, {drawn} drawn")
    if boards:
        first = html[html.index('<figure class="diagram">'):]
        first = first[:first.index("</figure>")]
        check(first.count('class="sq ') >= 9 and 'class="rank-label"' in first and 'class="file-label"' in first,
              f"{name}: the first diagram has no squares or labels")
    if "|---" in markdown or "| --" in markdown:
        check("<table>" in html and "|---" not in html, f"{name}: its tables are not drawn as tables")
    title = re.search(r"<title>([^<]*)</title>", html)
    check(title and title.group(1).strip() and "Rule Zero" in title.group(1), f"{name}: no title")


def main():
    proc, port = start_server()
    try:
        docs, variants = rules_docs(port)
        check(len(docs) >= 6, f"only {len(docs)} rules documents among the variants: {docs}")
        for v in variants:
            check(bool(v.get("rules_doc")), f"{v['id']}: no rules document")
        for name in docs + ["README"]:
            check_page(port, name)

        # The start of orthodox chess: 16 White and 16 Black pieces on 64 squares.
        html = get(port, "/rules/normal.html")[2]
        start = html[html.index('<figure class="diagram">'):]
        start = start[:start.index("</figure>")]
        check(start.count('class="sq ') == 64 and start.count('class="pc white"') == 16 and
              start.count('class="pc black"') == 16, "normal: the start diagram is not 64 squares and 32 pieces")
        check(start.count('class="sq dark"') == 32, "normal: not 32 dark squares")
        # Nick Danger's two boards, side by side in one diagram.
        html = get(port, "/rules/nickdanger.html")[2]
        first = html[html.index('<figure class="diagram">'):]
        check(first[:first.index("</figure>")].count('<div class="board">') == 2, "nickdanger: two boards in a diagram")
        # Hegelian's stair-step dialectic: `-` places are drawn as no square (6 squares, 3 none).
        html = get(port, "/rules/dialectic.html")[2]
        stairs = [f[:f.index("</figure>")] for f in html.split('<figure class="diagram">')[1:] if 'class="sq none"' in f]
        check(len(stairs) == 1 and stairs[0].count('class="sq none"') == 3 and
              stairs[0].count('class="sq light"') + stairs[0].count('class="sq dark"') == 6,
              f"dialectic: the stair-step diagram is not 6 squares and 3 empty places: {stairs}")
        # The index links every game's page, as HTML.
        index = get(port, "/rules/README.html")[2]
        for name in docs:
            check(f'href="{name}.html' in index, f"README: no link to {name}.html")
        status, headers, css = get(port, "/rules.css")
        check(status == 200 and headers.get("Content-Type", "").startswith("text/css") and ".board" in css,
              "/rules.css is not the rules' style sheet")

        hostile = ["/rules/../x.html", "/rules/..%2Fx.html", "/rules/%2e%2e%2fREADME.html", "/rules/.html",
                   "/rules/no-such-game.html", "/rules/a%20b.html", "/rules/normal.md.html",
                   "/rules/" + "n" * 41 + ".html", "/rules/" + "x" * 3000 + ".html",
                   "/rules/%00normal.html", "/rules/sub/normal.html"]
        for path in hostile:
            status = get(port, path)[0]
            check(status in (400, 404, 414), f"{path[:60]}: answers {status}, not 404")
        check(proc.poll() is None, "the server died")
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
