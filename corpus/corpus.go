package corpus

import (
	"bufio"
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pasyans/pasyans/internal/textin"
)

// Kind is the kind of a Block. The values are stable strings used in JSON
// output and datasets.
type Kind string

// Block kinds.
const (
	// KindTitle is the book's title line.
	KindTitle Kind = "title"
	// KindGameHeading introduces a game: a capitalised heading such as
	// "ЧЕТЫРЕ УГЛА." or an inline title such as "Наполеоновский пасьянс.".
	KindGameHeading Kind = "game-heading"
	// KindDeck is the line naming the cards used, e.g. "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.".
	KindDeck Kind = "deck"
	// KindSection is a section heading inside a game: "Правила.", "Игра.".
	KindSection Kind = "section"
	// KindRule is a numbered rule ("I. …"); Block.RuleNumber holds its number.
	KindRule Kind = "rule"
	// KindParagraph is running text: the play, advice, remarks.
	KindParagraph Kind = "paragraph"
	// KindCaption is a figure caption: the game's name repeated on its own
	// line after or inside its description, e.g. "Четыре угла.".
	KindCaption Kind = "caption"
	// KindFootnote is the text of a footnote; Block.FootnoteNumber holds its
	// number (the bare number line before the text is its label).
	KindFootnote Kind = "footnote"
	// KindPageNumber is a bare page number line.
	KindPageNumber Kind = "page-number"
	// KindPageHeader is a running page header such as
	// "Пасьянсы (Пюжоль) - страница 6".
	KindPageHeader Kind = "page-header"
)

// Span locates a block in Document.Text. Byte offsets are into the decoded
// NFC, LF-only text; StartByte is inclusive and EndByte exclusive. Lines and
// columns are 1-based and columns count runes. StartLine/StartCol is the
// position of the block's first rune; EndLine/EndCol is the position just
// after its last rune, so a one-line block of n runes starting at column 1
// ends at column n+1.
type Span struct {
	StartByte int `json:"start_byte"`
	EndByte   int `json:"end_byte"`
	StartLine int `json:"start_line"`
	StartCol  int `json:"start_col"`
	EndLine   int `json:"end_line"`
	EndCol    int `json:"end_col"`
}

// Ref points at a block of a document.
type Ref struct {
	// Doc is the document's Name.
	Doc string `json:"doc"`
	// Block is the block's Index in that document.
	Block int `json:"block"`
}

// Block is one segment of a document.
type Block struct {
	// Index is the block's position in Document.Blocks.
	Index int `json:"index"`
	// Kind is what the block is.
	Kind Kind `json:"kind"`
	// Text is exactly Document.Text[Span.StartByte:Span.EndByte]. A paragraph
	// hard-wrapped over several lines keeps its line breaks.
	Text string `json:"text"`
	// Span is where the block is in Document.Text.
	Span Span `json:"span"`
	// Game is the ID of the game the block belongs to (see Games), or ""
	// for book and page furniture (title, page numbers and headers) and for
	// text whose game cannot be told.
	Game string `json:"game,omitempty"`
	// GameGuessed reports that Game was inferred from the vocabulary of
	// the text (Game.Vocabulary) rather than read from a heading or a
	// caption: the document starts inside a game and nothing names it.
	// Such an attribution is weaker evidence than a heading; the linker
	// asks the text to confirm it.
	GameGuessed bool `json:"game_guessed,omitempty"`
	// RuleNumber is the Roman number of a KindRule block, in Latin capitals
	// ("II") whatever look-alike letters the OCR produced.
	RuleNumber string `json:"rule_number,omitempty"`
	// FootnoteNumber is the number of a KindFootnote block.
	FootnoteNumber int `json:"footnote_number,omitempty"`
	// Markers are the footnote markers ("[4]") inside the block, in order.
	Markers []int `json:"markers,omitempty"`
	// MarkerBlocks is parallel to Markers: the Index of the footnote block
	// with that number in the same document, or -1 when the document does
	// not contain the note.
	MarkerBlocks []int `json:"marker_blocks,omitempty"`
	// Duplicate, when set, is another reading of the same passage in another
	// document (the same page scanned twice); the other block points back.
	Duplicate *Ref `json:"duplicate,omitempty"`
}

// Document is a decoded and segmented text.
type Document struct {
	// Name identifies the document: the embedded file's name without
	// ".txt", or the base name of a user file without its extension.
	Name string `json:"name"`
	// Source is where the text came from: "corpus/data/<file>" for the
	// embedded corpus, the path or the name given to Read otherwise.
	Source string `json:"source"`
	// Encoding is the detected encoding of the source bytes, one of the
	// Enc* constants.
	Encoding string `json:"encoding"`
	// Text is the decoded text: NFC, LF line endings, without a BOM.
	Text string `json:"text"`
	// Blocks are the segments of Text in order.
	Blocks []Block `json:"blocks"`
	// Layout, for a document read from hOCR or ALTO, places its words on
	// the scan (nil for plain text).
	Layout *Layout `json:"layout,omitempty"`
}

// Games returns the IDs of the games the document's blocks belong to, in
// order of first appearance.
func (d *Document) Games() []string {
	var ids []string
	seen := make(map[string]bool)
	for _, b := range d.Blocks {
		if b.Game != "" && !seen[b.Game] {
			seen[b.Game] = true
			ids = append(ids, b.Game)
		}
	}
	return ids
}

//go:embed data/*.txt
var embedded embed.FS

// embeddedDir is the directory of the corpus files inside the embed.FS.
const embeddedDir = "data"

// Names returns the names of the embedded documents in order.
func Names() []string {
	entries, err := fs.ReadDir(embedded, embeddedDir)
	if err != nil {
		// The directory is compiled in; failing to read it is a build bug.
		return nil
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".txt") {
			names = append(names, strings.TrimSuffix(e.Name(), ".txt"))
		}
	}
	sort.Strings(names)
	return names
}

// Options configure reading and segmenting.
type Options struct {
	// Games are the games whose titles and vocabulary the segmenter
	// recognises (see Game). corpus knows no game of its own: link.Games
	// gives the engine catalog's. Without games every heading names a game
	// the segmenter does not know, and no block gets a game.
	Games []Game
	// MaxLine is the longest line accepted, in bytes of decoded text; a
	// longer one is an error (ErrLineTooLong) instead of a run-away read.
	// 0 means DefaultMaxLine.
	MaxLine int
}

// DefaultMaxLine is the longest line accepted unless Options.MaxLine says
// otherwise (32 MiB).
const DefaultMaxLine = textin.DefaultMaxLine

// Embedded returns the shipped documents, decoded, segmented and with the
// passages they share linked by LinkDuplicates.
func Embedded(ctx context.Context, opts Options) ([]*Document, error) {
	names := Names()
	if len(names) == 0 {
		return nil, errors.New("corpus: no embedded documents")
	}
	gs := newGameSet(opts.Games)
	docs := make([]*Document, 0, len(names))
	for _, name := range names {
		d, err := readEmbedded(ctx, gs, name, opts.MaxLine)
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	if err := LinkDuplicates(ctx, docs); err != nil {
		return nil, err
	}
	return docs, nil
}

// readEmbedded decodes and segments one embedded file.
func readEmbedded(ctx context.Context, gs *gameSet, name string, maxLine int) (*Document, error) {
	p := path.Join(embeddedDir, name+".txt")
	f, err := embedded.Open(p)
	if err != nil {
		return nil, fmt.Errorf("corpus: %s: %w", name, err)
	}
	defer f.Close()
	d, err := read(ctx, gs, "corpus/"+p, f, sizeOf(f), maxLine)
	if err != nil {
		return nil, err
	}
	d.Name = name
	return d, nil
}

// Open returns a segmented document. nameOrPath is either an embedded
// document — its name ("000_9294169c5fd42537"), its file name
// ("000_9294169c5fd42537.txt") or a prefix matching one name only ("000") —
// or the path of a file to read. A name without a path separator is looked
// up in the corpus first; embedded documents come with their duplicates
// linked across the corpus. Errors name the file and the problem.
func Open(ctx context.Context, nameOrPath string, opts Options) (*Document, error) {
	if nameOrPath == "" {
		return nil, errors.New("empty document name")
	}
	if !strings.ContainsRune(nameOrPath, '/') && !strings.ContainsRune(nameOrPath, filepath.Separator) {
		name, err := lookupEmbedded(nameOrPath)
		switch {
		case err == nil:
			docs, err := Embedded(ctx, opts)
			if err != nil {
				return nil, err
			}
			for _, d := range docs {
				if d.Name == name {
					return d, nil
				}
			}
		case errors.Is(err, errAmbiguous):
			if _, statErr := os.Stat(nameOrPath); statErr != nil {
				return nil, fmt.Errorf("%s: %w", nameOrPath, err)
			}
		}
	}
	return openFile(ctx, newGameSet(opts.Games), nameOrPath, opts.MaxLine)
}

// EmbeddedName returns the name of the embedded document that s names — its
// name, its file name or a prefix of one name only, as Open takes them —
// and true; "" and false when s has a path separator or names none.
func EmbeddedName(s string) (string, bool) {
	if strings.ContainsRune(s, '/') || strings.ContainsRune(s, filepath.Separator) {
		return "", false
	}
	name, err := lookupEmbedded(s)
	return name, err == nil
}

// errAmbiguous reports a prefix matching several embedded documents.
var errAmbiguous = errors.New("ambiguous document name")

// lookupEmbedded resolves an embedded name, file name or unique prefix.
func lookupEmbedded(s string) (string, error) {
	s = strings.TrimSuffix(s, ".txt")
	var matches []string
	for _, n := range Names() {
		if n == s {
			return n, nil
		}
		if strings.HasPrefix(n, s) {
			matches = append(matches, n)
		}
	}
	switch len(matches) {
	case 0:
		return "", fs.ErrNotExist
	case 1:
		return matches[0], nil
	}
	return "", fmt.Errorf("%w: matches %s", errAmbiguous, strings.Join(matches, ", "))
}

// openFile reads and segments a user file.
func openFile(ctx context.Context, gs *gameSet, p string, maxLine int) (*Document, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, fileError(p, err)
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("%s: %w", p, ErrDirectory)
	}
	if !fi.Mode().IsRegular() && fi.Mode()&fs.ModeNamedPipe == 0 && fi.Mode()&fs.ModeCharDevice == 0 {
		return nil, fmt.Errorf("%s: not a regular file", p)
	}
	f, err := textin.OpenFile(ctx, p)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fileError(p, err)
	}
	defer f.Close()
	r, release := textin.Cancelable(ctx, f)
	defer release()
	d, err := read(ctx, gs, p, r, sizeOf(f), maxLine)
	if err != nil {
		return nil, err
	}
	base := filepath.Base(p)
	d.Name = strings.TrimSuffix(base, filepath.Ext(base))
	if d.Name == "" {
		d.Name = base
	}
	return d, nil
}

// fileError turns an os error into "<path>: <problem>" without repeating
// the path that *fs.PathError already carries.
func fileError(p string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: %w", p, err)
}

// Read decodes r (see the package doc for the encodings accepted), then
// segments the text. name is used as the document's Name and Source and
// in error messages ("<name>: empty file").
func Read(ctx context.Context, name string, r io.Reader, opts Options) (*Document, error) {
	if r == nil {
		return nil, fmt.Errorf("%s: no reader", name)
	}
	d, err := read(ctx, newGameSet(opts.Games), name, r, sizeOf(r), opts.MaxLine)
	if err != nil {
		return nil, err
	}
	d.Name = name
	return d, nil
}

// read decodes and segments; size is a hint of the input's byte size (or
// -1) used to allocate the text once.
func read(ctx context.Context, gs *gameSet, source string, r io.Reader, size int64, maxLine int) (*Document, error) {
	br := bufio.NewReaderSize(r, sniffSize)
	head, err := br.Peek(sniffSize)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, fileError(source, err)
	}
	var d *Document
	if format := SniffLayout(head); format != "" {
		text, l, err := readLayout(ctx, format, br)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", source, err)
		}
		d = &Document{Source: source, Encoding: EncUTF8, Text: text, Layout: l}
	} else {
		text, enc, err := decode(ctx, source, br, size, maxLine)
		if err != nil {
			return nil, err
		}
		d = &Document{Source: source, Encoding: enc, Text: text}
	}
	if d.Blocks, err = segment(ctx, gs, d.Text); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	return d, nil
}

// sniffSize is how many leading bytes tell an hOCR or ALTO file from
// text.
const sniffSize = 4096

// sizeOf returns the size of r when it can tell cheaply, else -1.
func sizeOf(r any) int64 {
	switch v := r.(type) {
	case interface{ Size() int64 }:
		return v.Size()
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size()
		}
	}
	return -1
}
