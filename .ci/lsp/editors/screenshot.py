#!/usr/bin/env python3
"""Renders a tmux pane (`tmux capture-pane -e -p`, its colours as ANSI escapes) to a PNG with ImageMagick, for the
README's editor screenshots without an X server:

    tmux capture-pane -t SESSION -e -p | .ci/lsp/editors/screenshot.py OUT.png
"""

import re
import subprocess
import sys

FONT = "DejaVu-Sans-Mono"
SIZE, WIDTH, HEIGHT = 15, 9, 20
BASIC = [
    (0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16), (36, 114, 200), (188, 63, 188), (17, 168, 205),
    (229, 229, 229), (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67), (59, 142, 234), (214, 112, 214),
    (41, 184, 219), (255, 255, 255),
]
FOREGROUND, BACKGROUND = (212, 212, 212), (30, 30, 30)


def colour_256(index):
    if index < 16:
        return BASIC[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return steps[index // 36], steps[(index // 6) % 6], steps[index % 6]
    grey = 8 + (index - 232) * 10
    return grey, grey, grey


def cells(text):
    """Every (row, column, character, foreground, background, bold)."""
    fg, bg, bold = FOREGROUND, BACKGROUND, False
    for row, line in enumerate(text.split("\n")):
        column = 0
        for token in re.split(r"(\x1b\[[0-9;]*m)", line):
            if token.startswith("\x1b["):
                codes = [int(code) if code else 0 for code in token[2:-1].split(";")]
                index = 0
                while index < len(codes):
                    code = codes[index]
                    if code == 0:
                        fg, bg, bold = FOREGROUND, BACKGROUND, False
                    elif code == 1:
                        bold = True
                    elif code == 22:
                        bold = False
                    elif code == 7:
                        fg, bg = bg, fg
                    elif 30 <= code <= 37 or 90 <= code <= 97:
                        fg = BASIC[code - 30 if code < 90 else code - 82]
                    elif 40 <= code <= 47 or 100 <= code <= 107:
                        bg = BASIC[code - 40 if code < 100 else code - 92]
                    elif code == 39:
                        fg = FOREGROUND
                    elif code == 49:
                        bg = BACKGROUND
                    elif code in (38, 48) and index + 1 < len(codes):
                        if codes[index + 1] == 2 and index + 4 < len(codes):
                            colour = tuple(codes[index + 2 : index + 5])
                            index += 4
                        elif codes[index + 1] == 5 and index + 2 < len(codes):
                            colour = colour_256(codes[index + 2])
                            index += 2
                        else:
                            colour = FOREGROUND if code == 38 else BACKGROUND
                        if code == 38:
                            fg = colour
                        else:
                            bg = colour
                    index += 1
                continue
            for character in token:
                yield row, column, character, fg, bg, bold
                column += 1


def main():
    text = sys.stdin.read().rstrip("\n")
    rows = text.count("\n") + 1
    columns = max(len(re.sub(r"\x1b\[[0-9;]*m", "", line)) for line in text.split("\n"))
    draw = [f"font-size {SIZE}"]
    for row, column, character, fg, bg, bold in cells(text):
        x, y = column * WIDTH, row * HEIGHT
        if bg != BACKGROUND:
            draw.append("fill 'rgb(%d,%d,%d)' rectangle %d,%d %d,%d" % (*bg, x, y, x + WIDTH - 1, y + HEIGHT - 1))
        if character != " ":
            escaped = character.replace("\\", "\\\\").replace("'", "\\'")
            font = FONT + ("-Bold" if bold else "")
            draw.append("fill 'rgb(%d,%d,%d)' font '%s' text %d,%d '%s'" % (*fg, font, x, y + HEIGHT - 5, escaped))
    # One -draw per piece under 100 KB (an argument may not exceed 128 KB; drawing from a file is often forbidden).
    pieces, piece = [], []
    for command in draw[1:]:
        if sum(len(part) + 1 for part in piece) + len(command) > 100_000:
            pieces.append(piece)
            piece = []
        piece.append(command)
    pieces.append(piece)
    arguments = ["convert", "-size", f"{columns * WIDTH}x{rows * HEIGHT}", "xc:rgb(%d,%d,%d)" % BACKGROUND]
    for piece in pieces:
        arguments += ["-draw", "\n".join([draw[0]] + piece)]
    subprocess.run(arguments + [sys.argv[1]], check=True)

if __name__ == "__main__":
    main()
