"""Small office documents built at test time with zipfile: the parts Word, Excel, PowerPoint and
OpenDocument readers need, nothing more."""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
S = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
P = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
ODF = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
       'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
       'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
       'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
       'xmlns:dc="http://purl.org/dc/elements/1.1/"')
_XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def _zip(parts: dict[str, str | bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in parts.items():
            archive.writestr(name, content if isinstance(content, bytes) else _XML + content)
    return buffer.getvalue()


def word_run(text: str, properties: str = "") -> str:
    """One `w:r`; `properties` is the inner XML of its `w:rPr` (`<w:vanish/>`, `<w:color w:val="FFFFFF"/>`)."""
    return f'<w:r><w:rPr>{properties}</w:rPr><w:t xml:space="preserve">{escape(text)}</w:t></w:r>'


def docx(paragraphs: list[str], *, comments: list[str] = (), description: str | None = None,
         thumbnail: bytes | None = None) -> bytes:
    """A Word document of `paragraphs` (each the runs of one `w:p`), with comments, a
    `docProps/core.xml` description and a `docProps/thumbnail.jpeg` image when given."""
    body = "".join(f"<w:p>{runs}</w:p>" for runs in paragraphs)
    parts: dict[str, str | bytes] = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        "word/document.xml": f"<w:document {W}><w:body>{body}</w:body></w:document>",
    }
    if comments:
        notes = "".join(f'<w:comment w:id="{i}"><w:p>{word_run(text)}</w:p></w:comment>'
                        for i, text in enumerate(comments))
        parts["word/comments.xml"] = f"<w:comments {W}>{notes}</w:comments>"
    if description is not None:
        parts["docProps/core.xml"] = (
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            f'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>{escape(description)}</dc:description>'
            "</cp:coreProperties>")
    if thumbnail is not None:
        parts["docProps/thumbnail.jpeg"] = thumbnail
    return _zip(parts)


def xlsx(sheets: list[tuple[str, list[list[str]], str]], *, hidden_rows: set[int] = frozenset(),
         styled: dict[str, int] | None = None, comments: list[str] = ()) -> bytes:
    """A workbook: each sheet (name, rows of cell strings, state "visible" | "hidden"). Rows numbered
    from 1 in `hidden_rows` are hidden on every sheet; `styled` gives a cell ("B2") a cell format:
    1 is the `;;;` number format, 2 a white font on no fill."""
    styled = styled or {}
    strings: list[str] = []
    sheet_entries, relations, parts = [], [], {}
    for index, (name, rows, state) in enumerate(sheets, start=1):
        xml_rows = []
        for row_number, row in enumerate(rows, start=1):
            cells = []
            for column, value in enumerate(row):
                reference = f"{chr(65 + column)}{row_number}"
                strings.append(value)
                style = f' s="{styled[reference]}"' if reference in styled else ""
                cells.append(f'<c r="{reference}" t="s"{style}><v>{len(strings) - 1}</v></c>')
            hidden = ' hidden="1"' if row_number in hidden_rows else ""
            xml_rows.append(f'<row r="{row_number}"{hidden}>{"".join(cells)}</row>')
        data = "".join(xml_rows)
        parts[f"xl/worksheets/sheet{index}.xml"] = f"<worksheet {S}><sheetData>{data}</sheetData></worksheet>"
        sheet_entries.append(f'<sheet name="{escape(name)}" sheetId="{index}" state="{state}" r:id="rId{index}"/>')
        relations.append(f'<Relationship Id="rId{index}" Type="worksheet" Target="worksheets/sheet{index}.xml"/>')
    shared = "".join(f"<si><t>{escape(value)}</t></si>" for value in strings)
    parts.update({
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        "xl/workbook.xml": f"<workbook {S} {R}><sheets>{''.join(sheet_entries)}</sheets></workbook>",
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{RELS}">{"".join(relations)}</Relationships>',
        "xl/sharedStrings.xml": f"<sst {S}>{shared}</sst>",
        "xl/styles.xml": (
            f'<styleSheet {S}><numFmts count="1"><numFmt numFmtId="164" formatCode=";;;"/></numFmts>'
            '<fonts><font><sz val="11"/></font><font><sz val="11"/><color rgb="FFFFFFFF"/></font></fonts>'
            '<fills><fill><patternFill patternType="none"/></fill></fills>'
            '<cellXfs><xf numFmtId="0" fontId="0" fillId="0"/><xf numFmtId="164" fontId="0" fillId="0"/>'
            '<xf numFmtId="0" fontId="1" fillId="0"/></cellXfs></styleSheet>'),
    })
    if comments:
        notes = "".join(f'<comment ref="A1"><text><r><t>{escape(text)}</t></r></text></comment>' for text in comments)
        parts["xl/comments1.xml"] = f"<comments {S}><commentList>{notes}</commentList></comments>"
    return _zip(parts)


def pptx(slides: list[tuple[list[str], bool]], *, notes: list[str] = (), shape_attributes: str = "",
         offset: tuple[int, int] = (914400, 914400)) -> bytes:
    """A presentation: each slide (its text boxes' texts, whether it is shown). Every text box takes
    `shape_attributes` on its `p:cNvPr` and sits at `offset` (EMU) on a 10 × 7.5 inch slide."""
    parts: dict[str, str | bytes] = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        "ppt/presentation.xml": f'<p:presentation {P}><p:sldSz cx="9144000" cy="6858000"/></p:presentation>',
    }
    for index, (texts, shown) in enumerate(slides, start=1):
        shapes = "".join(
            f'<p:sp><p:nvSpPr><p:cNvPr id="{n + 2}" name="Texto {n}" {shape_attributes}/></p:nvSpPr>'
            f'<p:spPr><a:xfrm><a:off x="{offset[0]}" y="{offset[1]}"/><a:ext cx="4000000" cy="800000"/>'
            "</a:xfrm></p:spPr>"
            f"<p:txBody><a:p><a:r><a:t>{escape(text)}</a:t></a:r></a:p></p:txBody></p:sp>"
            for n, text in enumerate(texts))
        show = "" if shown else ' show="0"'
        tree = f"<p:cSld><p:spTree>{shapes}</p:spTree></p:cSld>"
        parts[f"ppt/slides/slide{index}.xml"] = f"<p:sld {P} {A}{show}>{tree}</p:sld>"
    for index, text in enumerate(notes, start=1):
        parts[f"ppt/notesSlides/notesSlide{index}.xml"] = (
            f"<p:notes {P} {A}><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>{escape(text)}</a:t></a:r></a:p>"
            "</p:txBody></p:sp></p:spTree></p:cSld></p:notes>")
    return _zip(parts)


def odt(paragraphs: list[str], *, styles: str = "", annotation: str | None = None) -> bytes:
    """An OpenDocument text: `paragraphs` are the inner XML of `text:p` elements, `styles` the
    automatic styles, `annotation` a comment on the first paragraph."""
    body = "".join(f"<text:p>{inner}</text:p>" for inner in paragraphs)
    if annotation is not None:
        body = (f"<text:p><office:annotation><dc:creator>Ana</dc:creator><text:p>{escape(annotation)}</text:p>"
                f"</office:annotation>Nota</text:p>") + body
    content = (f"<office:document-content {ODF}><office:automatic-styles>{styles}</office:automatic-styles>"
               f"<office:body><office:text>{body}</office:text></office:body></office:document-content>")
    return _zip({"mimetype": b"application/vnd.oasis.opendocument.text", "content.xml": content})
