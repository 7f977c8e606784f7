"""Draw the home-screen icons of the web app manifest (issue #11) with Pillow.

    python tools/make_icons.py      # writes static/icons/*.png

A salmon-coloured fish on the app's dark background, drawn at four times the size and
scaled down (smooth edges without an SVG renderer). The maskable icon keeps the fish
inside the central circle every launcher's mask leaves (80 % of the side); the others
have rounded corners of their own. Run it again after changing a colour here; the PNGs
are committed, so the app needs no Pillow.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
BACKGROUND = (15, 19, 23, 255)  # app.css --bg
FISH = (255, 158, 107, 255)  # app.css --accent (salmon)
EYE = (15, 19, 23, 255)
WAVE = (124, 196, 255, 255)  # app.css --focus
SCALE = 4


def draw(size: int, *, maskable: bool) -> Image.Image:
    big = size * SCALE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if maskable:
        d.rectangle((0, 0, big, big), fill=BACKGROUND)
    else:
        d.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=BACKGROUND)
    # The fish fills the middle 60 % (well inside a maskable icon's safe circle).
    s = big * (0.6 if maskable else 0.72) / 100
    ox = (big - 100 * s) / 2
    oy = (big - 100 * s) / 2 - 4 * s

    def pt(x: float, y: float) -> tuple[float, float]:
        return (ox + x * s, oy + y * s)

    d.ellipse((*pt(8, 28), *pt(74, 72)), fill=FISH)  # body
    d.polygon([pt(66, 50), pt(98, 26), pt(90, 50), pt(98, 74)], fill=FISH)  # tail
    d.ellipse((*pt(20, 40), *pt(29, 49)), fill=EYE)  # eye
    width = max(1, round(5 * s))
    for y in (86, 96):  # two waves under it
        d.line(
            [pt(10, y), pt(30, y - 5), pt(50, y), pt(70, y - 5), pt(90, y)],
            fill=WAVE,
            width=width,
            joint="curve",
        )
    return img.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        draw(size, maskable=False).save(OUT / f"icon-{size}.png", optimize=True)
    draw(512, maskable=True).save(OUT / "maskable-512.png", optimize=True)
    # iOS takes no manifest icon: it asks for /apple-touch-icon.png (companion/web/report.py
    # serves this one there; 180 px, square, iOS rounds it).
    draw(180, maskable=True).convert("RGB").save(OUT / "apple-touch-icon.png", optimize=True)


if __name__ == "__main__":
    main()
