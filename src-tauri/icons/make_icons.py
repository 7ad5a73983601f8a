#!/usr/bin/env python3
"""Draws the app icon (射 on a seal-red rounded square) into this folder.

Run once by hand when the design changes; the PNGs are committed, so a build
needs neither Python nor Pillow. Needs: Pillow, fonts-noto-cjk.
    python3 src-tauri/icons/make_icons.py
"""
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).resolve().parent
FONT = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc"
RED, PAPER = (140, 38, 30, 255), (247, 240, 226, 255)


def tc_index() -> int:
    """The face index of Noto Serif CJK TC inside the collection."""
    for i in range(12):
        try:
            if "TC" in ImageFont.truetype(FONT, 10, index=i).getname()[0]:
                return i
        except OSError:
            break
    return 0


def draw(size: int) -> Image.Image:
    scale = 4  # draw large, then downsample for smooth edges
    big = size * scale
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    pad = round(big * 0.06)
    d.rounded_rectangle([pad, pad, big - pad, big - pad], radius=round(big * 0.18), fill=RED)
    inset = round(big * 0.13)
    d.rounded_rectangle([inset, inset, big - inset, big - inset], radius=round(big * 0.1),
                        outline=PAPER, width=max(scale, round(big * 0.018)))
    font = ImageFont.truetype(FONT, round(big * 0.56), index=tc_index())
    box = d.textbbox((0, 0), "射", font=font)
    w, h = box[2] - box[0], box[3] - box[1]
    d.text(((big - w) / 2 - box[0], (big - h) / 2 - box[1]), "射", font=font, fill=PAPER)
    return img.resize((size, size), Image.LANCZOS)


def main() -> None:
    for name, size in [("32x32.png", 32), ("64x64.png", 64), ("128x128.png", 128),
                       ("256x256.png", 256), ("icon.png", 512)]:
        draw(size).save(HERE / name, optimize=True)
    draw(256).save(HERE / "icon.ico", sizes=[(16, 16), (32, 32), (48, 48), (256, 256)])


if __name__ == "__main__":
    main()
