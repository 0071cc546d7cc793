from datetime import date

from bench_pipeline.claims.citability import StoredArtifact
from bench_pipeline.claims.contradictions import link_contradictions
from bench_pipeline.claims.derive import derive_claims, quote_holding
from bench_pipeline.claims.prompt_evidence import document_contained, prompt_evidence
from bench_pipeline.domain.expected import ExpectedCase, ExpectedObservation
from bench_pipeline.reading.apply import apply_span
from bench_pipeline.reading.html import read_html
from tests.pdfs import text_pdf

ANNOUNCED = (
    "<html><body><article><h1>Aceros del Norte anuncia planta</h1>"
    "<p>Aceros del Norte S.A. de C.V. anunció el 3 de marzo una planta en Apodaca. La inversión será de "
    "<b>500 millones de dólares</b> y el estatus del proyecto es anunciado.</p></article></body></html>"
).encode()
PAUSED = (
    "<html><body><article><h1>Aceros del Norte pausa planta</h1>"
    "<p>La empresa informó que el estatus del proyecto es pausado por la demanda.</p></article></body></html>"
).encode()


def _case(*observations: ExpectedObservation) -> ExpectedCase:
    return ExpectedCase(case_id="gs-065", entity="Aceros del Norte", observations=list(observations))


def _fact(artifact: str, claim_type: str, value: str, published: date | None = None) -> ExpectedObservation:
    return ExpectedObservation(artifact=artifact, span="offset:0-1", text=value, claim_type=claim_type,
                               value=value, published_at=published)


def test_claim_quotes_the_read_sentence_and_is_citable():
    case = _case(_fact("_shared/html/a.html", "investment_amount", "500 millones de dólares"))
    read = read_html(ANNOUNCED).text
    [claim] = derive_claims(case, "_shared/html/a.html", read, StoredArtifact(ANNOUNCED, "html"), "tavily")
    assert claim.quote == "La inversión será de 500 millones de dólares y el estatus del proyecto es anunciado."
    assert claim.citable
    assert apply_span(claim.span, ANNOUNCED, "html") == claim.quote
    assert claim.claim_id.startswith("cl-") and claim.entity == "Aceros del Norte"
    again = derive_claims(case, "_shared/html/a.html", read, StoredArtifact(ANNOUNCED, "html"), "tavily")
    assert again[0].claim_id == claim.claim_id


def test_sentence_split_keeps_company_suffixes_together():
    text = "Aceros del Norte S.A. de C.V. anunció una planta. Tendrá 300 empleos."
    assert quote_holding(text, "S.A. de C.V.") == "Aceros del Norte S.A. de C.V. anunció una planta."
    assert quote_holding(text, "300 empleos") == "Tendrá 300 empleos."
    assert quote_holding(text, "Saltillo") is None


def test_garbled_two_column_table_yields_claims_that_are_not_citable():
    pdf = text_pdf([["Concepto          2023        2024", "Ventas netas      1,100       1,234"]])
    case = _case(_fact("_shared/pdf/r.pdf", "revenue_mxn_millions", "1,234"))
    garbled = "Concepto Ventas netas 2023 1,100 2024 1,234"
    [bad] = derive_claims(case, "_shared/pdf/r.pdf", garbled, StoredArtifact(pdf, "pdf"), "extractor-x")
    assert not bad.citable and bad.span is None
    faithful = "Ventas netas      1,100       1,234"
    [good] = derive_claims(case, "_shared/pdf/r.pdf", faithful, StoredArtifact(pdf, "pdf"), "local")
    assert good.citable and good.span.startswith("page:1#offset:")


def test_value_absent_from_the_read_text_gives_no_claim():
    case = _case(_fact("_shared/html/a.html", "investment_amount", "900 millones"))
    assert derive_claims(case, "_shared/html/a.html", read_html(ANNOUNCED).text, StoredArtifact(ANNOUNCED, "html"), "t") == []


def test_contradictory_dated_documents_give_two_linked_claims():
    case = _case(
        _fact("_shared/html/a.html", "project_status", "anunciado", date(2025, 3, 3)),
        _fact("_shared/html/b.html", "project_status", "pausado", date(2025, 9, 1)),
    )
    claims = derive_claims(case, "_shared/html/a.html", read_html(ANNOUNCED).text, StoredArtifact(ANNOUNCED, "html"), "t")
    claims += derive_claims(case, "_shared/html/b.html", read_html(PAUSED).text, StoredArtifact(PAUSED, "html"), "t")
    first, second = link_contradictions(claims)
    assert (first.value, second.value) == ("anunciado", "pausado")
    assert first.contradicts_claim_ids == [second.claim_id]
    assert second.contradicts_claim_ids == [first.claim_id]


def test_same_value_or_undated_claims_do_not_contradict():
    case = _case(_fact("_shared/html/a.html", "project_status", "anunciado", date(2025, 3, 3)),
                 _fact("_shared/html/b.html", "project_status", "pausado"))
    claims = derive_claims(case, "_shared/html/a.html", read_html(ANNOUNCED).text, StoredArtifact(ANNOUNCED, "html"), "t")
    claims += derive_claims(case, "_shared/html/b.html", read_html(PAUSED).text, StoredArtifact(PAUSED, "html"), "t")
    assert all(claim.contradicts_claim_ids == [] for claim in link_contradictions(claims))


def test_claims_of_a_flagged_document_never_reach_the_prompt():
    case = _case(_fact("_shared/html/a.html", "investment_amount", "500 millones de dólares"))
    read = read_html(ANNOUNCED).text
    clean = derive_claims(case, "_shared/html/a.html", read, StoredArtifact(ANNOUNCED, "html"), "t")
    flagged = derive_claims(case, "_shared/html/a.html", read, StoredArtifact(ANNOUNCED, "html"), "t", flagged=True)
    blocks, held = prompt_evidence(clean)
    assert len(blocks) == 1 and "<<untrusted-web-text" in blocks[0] and held == []
    blocks, held = prompt_evidence(flagged)
    assert blocks == [] and held == [flagged[0].claim_id]
    assert document_contained("_shared/html/a.html", True, flagged)
    assert not document_contained("_shared/html/a.html", True, clean)
    assert not document_contained("_shared/html/a.html", False, flagged)
