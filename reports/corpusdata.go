package reports

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
)

// BlockRow is one row of the corpus_blocks dataset: one block of a corpus
// document.
type BlockRow struct {
	// Document is the document name, Block the block's index in it.
	Document string `parquet:"document,dict" json:"document"`
	Block    int32  `parquet:"block" json:"block"`
	// Kind is the block kind (corpus.Kind: rule, paragraph, …).
	Kind string `parquet:"kind,dict" json:"kind"`
	// Game is the game ID of the block ("" for book furniture).
	Game string `parquet:"game,dict" json:"game"`
	// RuleNumber is the Roman number of a rule block ("" otherwise).
	RuleNumber string `parquet:"rule_number,dict" json:"rule_number"`
	// The span in the document text: bytes [start_byte, end_byte), 1-based
	// lines and rune columns (end is just after the last rune).
	StartByte int64 `parquet:"start_byte" json:"start_byte"`
	EndByte   int64 `parquet:"end_byte" json:"end_byte"`
	StartLine int32 `parquet:"start_line" json:"start_line"`
	StartCol  int32 `parquet:"start_col" json:"start_col"`
	EndLine   int32 `parquet:"end_line" json:"end_line"`
	EndCol    int32 `parquet:"end_col" json:"end_col"`
	// Original is the block text as the OCR has it; Modern the same text
	// normalized to modern Russian.
	Original string `parquet:"original" json:"original"`
	Modern   string `parquet:"modern" json:"modern"`
	// RuleID is the engine rule the block is linked to ("" when unlinked;
	// the best-scoring link when several clauses link), with the link's
	// Method and Score (0 when unlinked).
	RuleID     string  `parquet:"rule_id,dict" json:"rule_id"`
	LinkMethod string  `parquet:"link_method,dict" json:"link_method"`
	LinkScore  float64 `parquet:"link_score" json:"link_score"`
	// LinkedRules lists every rule ID linked to the block (advice
	// paragraphs can link several clauses), in order of appearance.
	LinkedRules []string `parquet:"linked_rules,list" json:"linked_rules"`
	// DuplicateOf is "doc#block" of another reading of the same passage
	// ("" if none).
	DuplicateOf string `parquet:"duplicate_of" json:"duplicate_of"`
}

// TokenRow is one row of the corpus_tokens dataset: one token of a corpus
// document with its modern form.
type TokenRow struct {
	Document string `parquet:"document,dict" json:"document"`
	// Token is the token's index in the document; Block the index of the
	// block containing its first byte (-1 outside every block).
	Token int32 `parquet:"token" json:"token"`
	Block int32 `parquet:"block" json:"block"`
	// Line and Col are the 1-based line and rune column; Byte the byte
	// offset in the document text.
	Line int32 `parquet:"line" json:"line"`
	Col  int32 `parquet:"col" json:"col"`
	Byte int64 `parquet:"byte" json:"byte"`
	// Original is the token as the OCR has it, Modern its modern form.
	Original string `parquet:"original" json:"original"`
	Modern   string `parquet:"modern" json:"modern"`
	// Kind is the token kind (word, space, punct, number, …).
	Kind string `parquet:"kind,dict" json:"kind"`
	// Rules are the repairs and spelling rules applied, in order.
	Rules []string `parquet:"rules,list" json:"rules"`
	// Confidence is 0 (unresolved) … 1 (certain).
	Confidence float64 `parquet:"confidence" json:"confidence"`
	// InLexicon is true for a word whose modern form the lexicon knows.
	InLexicon bool `parquet:"in_lexicon" json:"in_lexicon"`
	// Changed is Original != Modern.
	Changed bool `parquet:"changed" json:"changed"`
	// Classes are the edit classes of Rules (normalize.Classes: reform,
	// ocr_repair, split, join, unresolved), each once.
	Classes []string `parquet:"classes,list" json:"classes"`
	// Page is the scan page of a document read from hOCR or ALTO (its
	// index from 1; 0 for plain text); PageLine the line on that page and
	// BoxX0 … BoxY1 the box of the OCR word holding the token's first byte
	// (0 for a token outside every word: spaces, line breaks).
	Page     int32 `parquet:"page" json:"page"`
	PageLine int32 `parquet:"page_line" json:"page_line"`
	BoxX0    int32 `parquet:"box_x0" json:"box_x0"`
	BoxY0    int32 `parquet:"box_y0" json:"box_y0"`
	BoxX1    int32 `parquet:"box_x1" json:"box_x1"`
	BoxY1    int32 `parquet:"box_y1" json:"box_y1"`
}

// RuleRow is one row of the rules dataset: one entry of the engine's rule
// catalog with the corpus passages linked to it.
type RuleRow struct {
	Game   string `parquet:"game,dict" json:"game"`
	RuleID string `parquet:"rule_id" json:"rule_id"`
	// Kind is numbered, play or advice; Number the book's number ("I") or
	// advice label ("S1"); Status book, lost or convention.
	Kind   string `parquet:"kind,dict" json:"kind"`
	Number string `parquet:"number,dict" json:"number"`
	Status string `parquet:"status,dict" json:"status"`
	// Summary is the catalog's one-line English description; Source where
	// the content comes from when not the corpus.
	Summary string `parquet:"summary" json:"summary"`
	Source  string `parquet:"source" json:"source"`
	// Terms are the key Russian phrases the linker looks for.
	Terms []string `parquet:"terms,list" json:"terms"`
	// SourceBlocks are the linked corpus passages as "doc#block".
	SourceBlocks []string `parquet:"source_blocks,list" json:"source_blocks"`
	// TextModern is the best-scoring linked passage in modern Russian ("" if
	// no passage is linked), TextOriginal the same passage as printed.
	TextModern   string  `parquet:"text_modern" json:"text_modern"`
	TextOriginal string  `parquet:"text_original" json:"text_original"`
	LinkScore    float64 `parquet:"link_score" json:"link_score"`
}

// CorpusData holds the corpus_blocks, corpus_tokens and rules datasets.
type CorpusData struct {
	Blocks []BlockRow
	Tokens []TokenRow
	Rules  []RuleRow
	// Links are the linker's results the datasets were made from
	// (PassagesFromLinks turns them into the deal viewers' passages).
	Links []link.Link
}

// BuildCorpusData normalizes and links the documents against the catalog
// and returns the three datasets. Links come from link.Documents with play
// rules included, so that the deal, vacancy and redeal paragraphs are tied
// to their play rules as well as the numbered rules and advice.
func BuildCorpusData(ctx context.Context, docs []*corpus.Document, n *normalize.Normalizer, cat []*engine.Spec) (*CorpusData, error) {
	lr, err := link.Documents(ctx, docs, link.Options{Catalog: cat, Normalizer: n, Play: true})
	if err != nil {
		return nil, fmt.Errorf("corpus datasets: %w", err)
	}
	return NewCorpusData(ctx, docs, n, cat, lr.Links)
}

// NewCorpusData makes the three datasets from documents already linked:
// links are those of link.Documents over docs with play rules included.
func NewCorpusData(ctx context.Context, docs []*corpus.Document, n *normalize.Normalizer, cat []*engine.Spec, links []link.Link) (*CorpusData, error) {
	byBlock := map[corpus.Ref][]link.Link{}
	for _, l := range links {
		if l.Linked() {
			r := corpus.Ref{Doc: l.Doc, Block: l.Block}
			byBlock[r] = append(byBlock[r], l)
		}
	}
	out := &CorpusData{Links: links}
	for _, d := range docs {
		res, err := n.Document(ctx, d.Name, d.Text)
		if err != nil {
			return nil, fmt.Errorf("corpus datasets: %w", err)
		}
		blocks, tokens := documentRows(d, res, byBlock)
		out.Blocks = append(out.Blocks, blocks...)
		out.Tokens = append(out.Tokens, tokens...)
	}
	out.Rules = RuleRows(cat, links)
	return out, nil
}

// documentRows makes the block and token rows of one document.
func documentRows(d *corpus.Document, res *normalize.Result, links map[corpus.Ref][]link.Link) ([]BlockRow, []TokenRow) {
	// Token byte offsets: the Originals concatenate to the text.
	offs := make([]int, len(res.Tokens))
	off := 0
	for i, t := range res.Tokens {
		offs[i] = off
		off += len(t.Original)
	}
	// Blocks are in text order; assign each token to the block holding its
	// first byte.
	blockOf := make([]int32, len(res.Tokens))
	bi := 0
	for i := range res.Tokens {
		for bi < len(d.Blocks) && d.Blocks[bi].Span.EndByte <= offs[i] {
			bi++
		}
		blockOf[i] = -1
		if bi < len(d.Blocks) && d.Blocks[bi].Span.StartByte <= offs[i] {
			blockOf[i] = int32(d.Blocks[bi].Index)
		}
	}
	modern := make([]strings.Builder, len(d.Blocks))
	tokens := make([]TokenRow, len(res.Tokens))
	for i, t := range res.Tokens {
		tokens[i] = TokenRow{
			Document: d.Name, Token: int32(i), Block: blockOf[i], Line: int32(t.Line), Col: int32(t.Col), Byte: int64(offs[i]),
			Original: t.Original, Modern: t.Modern, Kind: t.Kind, Rules: t.Rules, Confidence: t.Confidence,
			InLexicon: t.InLexicon, Changed: t.Original != t.Modern, Classes: normalize.EditClasses(t.Rules),
		}
		if l := d.Layout; l != nil {
			tokens[i].Page = int32(l.PageAt(offs[i]))
			if w, ok := l.WordAt(offs[i]); ok {
				tokens[i].PageLine, tokens[i].BoxX0, tokens[i].BoxY0, tokens[i].BoxX1, tokens[i].BoxY1 =
					int32(w.Line), int32(w.Box.X0), int32(w.Box.Y0), int32(w.Box.X1), int32(w.Box.Y1)
			}
		}
		if b := blockOf[i]; b >= 0 && int(b) < len(modern) {
			modern[b].WriteString(t.Modern)
		}
	}
	blocks := make([]BlockRow, len(d.Blocks))
	for i, b := range d.Blocks {
		row := BlockRow{
			Document: d.Name, Block: int32(b.Index), Kind: string(b.Kind), Game: b.Game, RuleNumber: b.RuleNumber,
			StartByte: int64(b.Span.StartByte), EndByte: int64(b.Span.EndByte),
			StartLine: int32(b.Span.StartLine), StartCol: int32(b.Span.StartCol), EndLine: int32(b.Span.EndLine), EndCol: int32(b.Span.EndCol),
			Original: b.Text, Modern: strings.TrimSpace(modern[i].String()),
		}
		if b.Duplicate != nil {
			row.DuplicateOf = fmt.Sprintf("%s#%d", b.Duplicate.Doc, b.Duplicate.Block)
		}
		for _, l := range links[corpus.Ref{Doc: d.Name, Block: b.Index}] {
			row.LinkedRules = append(row.LinkedRules, string(l.RuleID))
			if l.Score > row.LinkScore || row.RuleID == "" {
				row.RuleID, row.LinkMethod, row.LinkScore = string(l.RuleID), string(l.Method), l.Score
			}
		}
		blocks[i] = row
	}
	return blocks, tokens
}

// RuleRows makes the rules dataset from the catalog and the links (nil for
// the catalog alone). The modern text of a rule is its best linked passage:
// numbered and heading links first, then the highest score.
func RuleRows(cat []*engine.Spec, links []link.Link) []RuleRow {
	byRule := map[engine.RuleID][]link.Link{}
	for _, l := range links {
		if l.Linked() {
			byRule[l.RuleID] = append(byRule[l.RuleID], l)
		}
	}
	var out []RuleRow
	for _, s := range cat {
		for _, r := range s.Rules {
			row := RuleRow{
				Game: s.ID, RuleID: string(r.ID), Kind: string(r.Kind), Number: r.Number, Status: string(r.Status),
				Summary: r.Summary, Source: r.Source, Terms: r.Terms,
			}
			ls := slices.Clone(byRule[r.ID])
			sortLinks(ls)
			seen := map[string]bool{}
			for _, l := range ls {
				ref := fmt.Sprintf("%s#%d", l.Doc, l.Block)
				if !seen[ref] {
					seen[ref] = true
					row.SourceBlocks = append(row.SourceBlocks, ref)
				}
			}
			if len(ls) > 0 {
				row.TextModern, row.TextOriginal, row.LinkScore = strings.TrimSpace(ls[0].Modern), strings.TrimSpace(ls[0].Original), ls[0].Score
			}
			out = append(out, row)
		}
	}
	return out
}
