"""PDF text a reader never sees, and PDF text that is not in the page's content stream.

**The page.** The content stream is followed operator by operator, as a viewer paints it: the fill
colour (RGB, grey or CMYK), fill alpha and blend mode (`ca`, `BM`, from the graphics-state
dictionary), the clipping rectangle, the optional-content layer the text is marked with, all with
the `q`/`Q` stack; every filled area's box and colour (so a text's background is the last area
painted under it, white paper when none). Each piece of text gets the rendering model's box and
its one decision (`computed_style.ink`): not laid out when drawn in render mode 3 or 7 (invisible)
or in a layer the document's default configuration switches off (`/OCProperties /D /OFF`),
clipped when outside its clip or the page's crop box, too small under 1.5 pt, inkless when its fill,
at its alpha, does not stand out from what lies under it. Text an opaque area painted later covers
is hidden too. Any of these is `pdf_hidden_text`.

A scanned page keeps its OCR layer in render mode 3 over the page image: that is the page's real
text, not hidden text. So invisible-mode text counts as hidden only where no image is drawn under
it — a logo in the header does not make the rest of the page a scan.

**Beside the page.** Annotations (`/Contents`, rich text): a free-text annotation that is drawn
is visible text; the others are shown only on a click, or never when flagged hidden or boxed to
nothing (`pdf_annotation`). Form fields (`/AcroForm`): a value drawn in a visible widget is
visible text; a value with no visible widget, and every tooltip, are `pdf_form_field`. The
`/Info` dictionary and the XMP metadata stream are `meta_tag`; bookmarks are visible text; files
attached to the document are documents of their own.
"""

from __future__ import annotations

import re

from lxml import etree
from pypdf.errors import PdfReadError
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

from bench_pipeline.injection.channels import Channel, Nested
from bench_pipeline.injection.computed_style import MIN_PAGED_FONT_PX, Box, ink
from bench_pipeline.injection.css_colours import RGBA
from bench_pipeline.reading.pdf import open_pdf

_INVISIBLE_MODES = (3, 7)
_PT = 4 / 3  # CSS px per point
# PDF blend modes by their CSS names (the separable ones; the others are taken as normal).
_BLEND = {"/Multiply": "multiply", "/Screen": "screen", "/Overlay": "overlay", "/Darken": "darken",
          "/Lighten": "lighten", "/ColorDodge": "color-dodge", "/ColorBurn": "color-burn", "/HardLight": "hard-light",
          "/SoftLight": "soft-light", "/Difference": "difference", "/Exclusion": "exclusion"}
_TINY_BOX = 2.0  # points: an annotation or widget box this narrow shows nothing
_PAPER: RGBA = (255.0, 255.0, 255.0, 1.0)
_INK: RGBA = (0.0, 0.0, 0.0, 1.0)
_PAINT = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_DISCARD = {b"n", b"S", b"s"}
# Annotation flags (PDF 32000-1, 12.5.3): Invisible, Hidden, NoView.
_UNSEEN_FLAGS = 1 | 2 | 32
_ERRORS = (PdfReadError, ValueError, KeyError, TypeError, IndexError, AttributeError)
Rect = tuple[float, float, float, float]
# Pages whose stream has no invisible mode, no sub-point font, no colour but black, no alpha, no
# clip, no marked layer and no fill after text are read without the (twice as slow) per-operator
# visitor: nothing on them can be hidden this way.
_INVISIBLE_MODE = re.compile(rb"(?<![\d.])[37]\s+Tr\b")
_TINY_FONT = re.compile(rb"\s0?\.\d+\s+Tf\b")
_COLOUR_OPERATOR = re.compile(rb"((?:-?\d*\.?\d+\s+){1,4})(?:rg|g|k|sc|scn)\b")
_STATE_OPERATOR = re.compile(rb"\b(?:gs|W\*?|BDC)\b")
_FILL = re.compile(rb"\b(?:re|l|c|h)\s+[fFbB]\*?(?![\w*])")
_NOTHING: Rect = (float("inf"), float("inf"), float("-inf"), float("-inf"))


class _PageState:
    def __init__(self, page, hidden_layers: set) -> None:
        self.image_names = _image_names(page)
        self.graphics_states = _resource(page, "/ExtGState")
        self.properties = _resource(page, "/Properties")
        self.hidden_layers = hidden_layers
        self.crop = _box(page.cropbox)
        self.images: list[Rect] = []
        self.fill: RGBA = _INK
        self.alpha = 1.0
        self.blend = "/Normal"
        self.clip: Rect | None = None
        self.render_mode = 0
        self.stack: list[tuple] = []
        self.layers: list[bool] = []  # one entry per open marked-content sequence: whether it is switched off
        self.path: list[tuple[float, float]] = []
        self.painted: list[tuple[Rect, RGBA]] = []
        self.texts: list[tuple[str, Rect, bool]] = []  # text, its box, hidden when drawn

    def before(self, operator: bytes, operands: list, cm, _tm) -> None:
        if operator == b"q":
            self.stack.append((self.fill, self.alpha, self.blend, self.clip, self.render_mode))
        elif operator == b"Q" and self.stack:
            self.fill, self.alpha, self.blend, self.clip, self.render_mode = self.stack.pop()
        elif operator == b"Tr" and operands:
            self.render_mode = int(operands[0])
        elif operator in (b"rg", b"g", b"k", b"sc", b"scn"):
            self.fill = _device_colour(operands) or self.fill
        elif operator == b"cs":
            self.fill = _INK
        elif operator == b"gs" and operands:
            state = _resolved(self.graphics_states.get(str(operands[0]))) or {}
            self.alpha = float(state.get("/ca", self.alpha))
            self.blend = str(state.get("/BM", self.blend))
        elif operator in (b"BDC", b"BMC"):
            self.layers.append(operator == b"BDC" and self._layer_off(operands))
        elif operator == b"EMC" and self.layers:
            self.layers.pop()
        elif operator == b"re" and len(operands) == 4:
            x, y, w, h = (float(value) for value in operands)
            self.path += [_apply(cm, x, y), _apply(cm, x + w, y + h)]
        elif operator in (b"m", b"l") and len(operands) == 2:
            self.path.append(_apply(cm, float(operands[0]), float(operands[1])))
        elif operator == b"c" and len(operands) == 6:
            self.path.append(_apply(cm, float(operands[4]), float(operands[5])))
        elif operator in (b"W", b"W*") and self.path:
            self.clip = _intersection(self.clip, _bbox(self.path)) or _NOTHING
        elif operator in _PAINT:
            if self.path:
                self._paint(_bbox(self.path))
            self.path = []
        elif operator in _DISCARD:
            self.path = []
        elif operator == b"Do" and operands and str(operands[0]) in self.image_names:
            # An image fills the unit square of the current matrix.
            self.images.append(_bbox([_apply(cm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]))

    def text(self, text: str, cm, tm, _font, size: float) -> None:
        if not text.strip():
            return
        scale = abs(float(tm[0])) if tm else 1.0
        effective = size * (scale or 1.0)
        x, y = _apply(cm, float(tm[4]), float(tm[5])) if tm else (0.0, 0.0)
        area = (x, y, x + len(text.strip()) * effective * 0.5, y + effective * 0.7)
        middle = (x, y + effective / 3)
        invisible = self.render_mode in _INVISIBLE_MODES and not self._over_image(x, y)
        box = Box(laid_out=not (invisible or any(self.layers)),
                  clipped=not _inside(middle, self.clip) or not _inside(middle, self.crop), offset_px=0.0,
                  font_px=effective * _PT if effective > 0 else MIN_PAGED_FONT_PX, opacity=self.alpha,
                  inks=(self.fill,), backdrop=self._background(*middle), blend=_BLEND.get(self.blend, "normal"))
        self.texts.append((text, area, ink(box, legible_px=MIN_PAGED_FONT_PX) is not None))

    def split(self) -> tuple[str, str]:
        """The page's (hidden, shown) text. Hidden pieces on different baselines are different lines:
        a footer painted over by a box does not run into the sentence hidden in that box."""
        hidden: list[str] = []
        baseline = None
        for text, area, is_hidden in self.texts:
            if is_hidden:
                hidden.append(text if baseline is None or abs(area[1] - baseline) < 1 else "\n" + text)
                baseline = area[1]
        return " ".join(hidden), " ".join(text for text, _, is_hidden in self.texts if not is_hidden)

    def _paint(self, area: Rect) -> None:
        self.painted.append((area, self.fill))
        if self.alpha < 1 or self.blend not in ("/Normal", "/Compatible") or any(self.layers):
            return
        # An opaque area covers what was drawn before it: text wholly under it is painted over.
        for index, (text, box, hidden) in enumerate(self.texts):
            if not hidden and _covers(area, box):
                self.texts[index] = (text, box, True)

    def _layer_off(self, operands: list) -> bool:
        if len(operands) < 2 or str(operands[0]) != "/OC":
            return False
        group = operands[1] if isinstance(operands[1], DictionaryObject) else self.properties.get(str(operands[1]))
        return _switched_off(group, self.hidden_layers)

    def _over_image(self, x: float, y: float) -> bool:
        return any(left - 2 <= x <= right + 2 and bottom - 2 <= y <= top + 2 for left, bottom, right, top in self.images)

    def _background(self, x: float, y: float) -> RGBA:
        for (left, bottom, right, top), colour in reversed(self.painted):
            if left <= x <= right and bottom <= y <= top:
                return colour
        return _PAPER


def pdf_parts(data: bytes) -> list[Channel | Nested]:
    """Hidden text per page as `pdf_hidden_text`, the visible text as `system_imitation` candidates,
    and every channel beside the pages (see the module's docstring)."""
    reader = open_pdf(data)
    parts: list[Channel | Nested] = [Channel("meta_tag", value) for value in (reader.metadata or {}).values()
                                     if isinstance(value, str) and value.strip()]
    root = _resolved(reader.trailer.get("/Root")) or {}
    parts += _xmp(root)
    hidden_layers = _hidden_layers(root)
    for page in reader.pages:
        state = _PageState(page, hidden_layers)
        try:
            if _may_hide(_content_bytes(page)):
                page.extract_text(visitor_operand_before=state.before, visitor_text=state.text)
                hidden, shown = state.split()
            else:
                hidden, shown = "", page.extract_text() or ""
        except _ERRORS:
            continue
        if hidden.strip():
            parts.append(Channel("pdf_hidden_text", hidden))
        parts.append(Channel("system_imitation", shown))
        parts += _annotations(page)
    parts += _form_fields(root)
    parts += _outline(reader)
    parts += _attachments(root)
    return parts


def _annotations(page) -> list[Channel | Nested]:
    found: list[Channel | Nested] = []
    try:
        annotations = [_resolved(item) for item in (_resolved(page.get("/Annots")) or [])]
    except _ERRORS:
        return found
    crop = _box(page.cropbox)
    for annotation in annotations:
        if not isinstance(annotation, DictionaryObject):
            continue
        subtype = str(annotation.get("/Subtype", ""))
        if subtype in ("/Widget", "/Popup"):
            continue  # a widget is a form field's (read with the fields); a popup shows its parent's text
        words = _annotation_text(annotation)
        if subtype == "/FileAttachment":
            found += _embedded_file(annotation.get("/FS"))
        if not words:
            continue
        drawn = subtype == "/FreeText" and _shown(annotation, crop)
        found.append(Channel("system_imitation" if drawn else "pdf_annotation", words))
    return found


def _annotation_text(annotation) -> str:
    texts = []
    for key in ("/Contents", "/RC", "/T", "/Subj"):
        value = _resolved(annotation.get(key))
        if isinstance(value, str) and value.strip():
            texts.append(_markup_text(value) if key == "/RC" else value)
    return "\n".join(dict.fromkeys(text.strip() for text in texts if text.strip()))


def _form_fields(root) -> list[Channel]:
    """Every terminal field's value and tooltip (`/AcroForm /Fields`, kids followed)."""
    form = _resolved(root.get("/AcroForm")) or {}
    found: list[Channel] = []
    stack = [(_resolved(field), 0) for field in (_resolved(form.get("/Fields")) or [])]
    while stack:
        field, depth = stack.pop()
        if not isinstance(field, DictionaryObject) or depth > 20:
            continue
        kids = [_resolved(kid) for kid in (_resolved(field.get("/Kids")) or [])]
        widgets = [kid for kid in kids if isinstance(kid, DictionaryObject) and "/T" not in kid] or [field]
        stack += [(kid, depth + 1) for kid in kids if isinstance(kid, DictionaryObject) and "/T" in kid]
        for key in ("/TU", "/TM"):
            tooltip = _resolved(field.get(key))
            if isinstance(tooltip, str) and tooltip.strip():
                found.append(Channel("pdf_form_field", tooltip))
        value = _resolved(field.get("/V"))
        if isinstance(value, str) and value.strip():
            shown = any(_shown(widget, None) for widget in widgets if "/Rect" in widget)
            found.append(Channel("system_imitation" if shown else "pdf_form_field", value))
    return found


def _shown(annotation, crop: Rect | None) -> bool:
    """An annotation (or widget) a viewer draws, by the rendering model's decision on its box: laid
    out unless flagged unseen, clipped when boxed to a sliver or off the page."""
    try:
        flags = int(annotation.get("/F", 0))
        left, bottom, right, top = _box(annotation.get("/Rect"))
    except _ERRORS:
        return False
    sliver = right - left < _TINY_BOX or top - bottom < _TINY_BOX
    off_page = crop is not None and _intersection(crop, (left, bottom, right, top)) is None
    box = Box(laid_out=not flags & _UNSEEN_FLAGS, clipped=sliver or off_page, offset_px=0.0, font_px=MIN_PAGED_FONT_PX,
              opacity=1.0, inks=(None,), backdrop=None, blend="normal")
    return ink(box, legible_px=MIN_PAGED_FONT_PX) is None


def _xmp(root) -> list[Channel]:
    """The words of the XMP metadata stream (descriptions, titles, keywords)."""
    try:
        stream = _resolved(root.get("/Metadata"))
        data = stream.get_data() if stream is not None else b""
        if not data:
            return []
        tree = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True, recover=True))
    except (*_ERRORS, etree.XMLSyntaxError):
        return []
    if tree is None:
        return []
    values = [text.strip() for text in tree.itertext() if len(text.split()) >= 2]
    return [Channel("meta_tag", value) for value in dict.fromkeys(values)]


def _outline(reader) -> list[Channel]:
    titles: list[str] = []
    stack = [reader.outline] if reader.outline else []
    try:
        while stack:
            for item in stack.pop():
                if isinstance(item, list):
                    stack.append(item)
                elif getattr(item, "title", None):
                    titles.append(str(item.title))
    except _ERRORS:
        return []
    return [Channel("system_imitation", "\n".join(titles))] if titles else []


def _attachments(root) -> list[Nested]:
    """Files attached to the document (`/Names /EmbeddedFiles`), each read as a document."""
    found: list[Nested] = []
    try:
        tree = _resolved((_resolved(root.get("/Names")) or {}).get("/EmbeddedFiles"))
        stack = [tree] if tree is not None else []
        while stack:
            node = _resolved(stack.pop())
            names = _resolved(node.get("/Names")) or []
            found += [part for spec in list(names)[1::2] for part in _embedded_file(spec)]
            stack += list(_resolved(node.get("/Kids")) or [])
    except _ERRORS:
        return found
    return found


def _embedded_file(spec) -> list[Nested]:
    try:
        stream = _resolved((_resolved(_resolved(spec).get("/EF")) or {}).get("/F"))
        return [Nested(stream.get_data(), None)] if stream is not None else []
    except _ERRORS:
        return []


def _hidden_layers(root) -> set:
    """The optional-content groups the default configuration switches off (`/BaseState /OFF` turns
    all off but those listed `/ON`)."""
    try:
        properties = _resolved(root.get("/OCProperties")) or {}
        default = _resolved(properties.get("/D")) or {}
        every = {_key(group) for group in (_resolved(properties.get("/OCGs")) or [])}
        if str(default.get("/BaseState", "/ON")) == "/OFF":
            return every - {_key(group) for group in (_resolved(default.get("/ON")) or [])}
        return {_key(group) for group in (_resolved(default.get("/OFF")) or [])}
    except _ERRORS:
        return set()


def _switched_off(group, hidden_layers: set) -> bool:
    """A layer (OCG) switched off, or a membership dictionary (OCMD) whose policy its groups fail."""
    if group is None or not hidden_layers:
        return False
    key = _key(group)
    resolved = _resolved(group)
    if not isinstance(resolved, DictionaryObject) or str(resolved.get("/Type", "")) != "/OCMD":
        return key in hidden_layers
    members = _resolved(resolved.get("/OCGs"))
    members = list(members) if isinstance(members, ArrayObject) else [members]
    off = [_key(member) in hidden_layers for member in members if member is not None]
    policy = str(resolved.get("/P", "/AnyOn"))
    return {"/AllOn": any(off), "/AnyOff": not any(off), "/AllOff": not all(off)}.get(policy, bool(off) and all(off))


def _key(reference):
    if isinstance(reference, IndirectObject):
        return (reference.idnum, reference.generation)
    return id(_resolved(reference))


def _resolved(value):
    return value.get_object() if isinstance(value, IndirectObject) else value


def _resource(page, name: str) -> dict:
    try:
        return dict(_resolved((_resolved(page.get("/Resources")) or {}).get(name)) or {})
    except _ERRORS:
        return {}


def _may_hide(content: bytes) -> bool:
    if _INVISIBLE_MODE.search(content) or _TINY_FONT.search(content) or _STATE_OPERATOR.search(content):
        return True
    first_text_end = content.find(b"ET")
    if first_text_end >= 0 and _FILL.search(content, first_text_end):
        return True
    return any(_device_colour(match.group(1).split()) not in (_INK, None) for match in _COLOUR_OPERATOR.finditer(content))


def _image_names(page) -> set[str]:
    """Names of the XObjects a page draws that are images, or forms that may hold one (both count
    as a picture under any text drawn over them)."""
    try:
        xobjects = (page.get("/Resources") or {}).get("/XObject") or {}
        return {str(name) for name, ref in xobjects.items() if ref.get_object().get("/Subtype") in ("/Image", "/Form")}
    except _ERRORS:
        return set()


def _content_bytes(page) -> bytes:
    contents = page.get_contents()
    return contents.get_data() if contents is not None else b""


def _markup_text(value: str) -> str:
    """The words of an annotation's rich text (XHTML)."""
    return " ".join(re.sub(r"<[^<>]*>", " ", value).split())


def _device_colour(operands: list) -> RGBA | None:
    """Grey, RGB or CMYK operands as RGB; None for a named colour space or pattern."""
    try:
        values = [float(value) for value in operands]
    except (TypeError, ValueError):
        return None
    if len(values) == 1:
        return (values[0] * 255, values[0] * 255, values[0] * 255, 1.0)
    if len(values) == 3:
        return (values[0] * 255, values[1] * 255, values[2] * 255, 1.0)
    if len(values) == 4:
        c, m, y, k = values
        return ((1 - c) * (1 - k) * 255, (1 - m) * (1 - k) * 255, (1 - y) * (1 - k) * 255, 1.0)
    return None


def _box(rectangle) -> Rect:
    left, bottom, right, top = (float(value) for value in list(rectangle)[:4])
    return (min(left, right), min(bottom, top), max(left, right), max(bottom, top))


def _bbox(points: list[tuple[float, float]]) -> Rect:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _intersection(first: Rect | None, second: Rect | None) -> Rect | None:
    if first is None:
        return second
    if second is None:
        return first
    left, bottom = max(first[0], second[0]), max(first[1], second[1])
    right, top = min(first[2], second[2]), min(first[3], second[3])
    return (left, bottom, right, top) if left <= right and bottom <= top else None


def _inside(point: tuple[float, float], box: Rect | None) -> bool:
    if box is None:
        return True
    return box[0] - 1 <= point[0] <= box[2] + 1 and box[1] - 1 <= point[1] <= box[3] + 1


def _covers(area: Rect, box: Rect) -> bool:
    return area[0] <= box[0] and area[1] <= box[1] and area[2] >= box[2] and area[3] >= box[3]


def _apply(cm, x: float, y: float) -> tuple[float, float]:
    if not cm:
        return (x, y)
    a, b, c, d, e, f = (float(value) for value in cm)
    return (a * x + c * y + e, b * x + d * y + f)
