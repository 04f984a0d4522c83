package corpus

import (
	"context"
	"hash/fnv"
	"slices"
	"unicode/utf8"
)

// Duplicate detection thresholds.
const (
	// minJaccard is the trigram Jaccard similarity above which two blocks
	// are readings of one passage.
	minJaccard = 0.5
	// minContainment is the share of the shorter block's trigrams found in
	// the longer one above which the shorter is a cut-off reading of it
	// (a scan that stops at a page break).
	minContainment = 0.85
	// minContainedTrigrams is how many trigrams the shorter block needs for
	// containment to count.
	minContainedTrigrams = 40
	// shortBlock is the folded length in runes under which blocks must be
	// game headings or captions of the same kind and equal after folding,
	// up to twice the title matcher's edit tolerance (once per reading), to
	// be duplicates: trigram statistics mean little for a few words, and a
	// few words of running text ("Игра продолжается.") can recur anywhere,
	// while a game's name places the passage.
	shortBlock = 16
	// maxPosting is the smallest posting-list length above which a trigram
	// is too common to find candidates by (see LinkDuplicates).
	maxPosting = 256
)

// LinkDuplicates finds passages that occur in two documents (the same page
// scanned twice) and records them as two readings of one passage: each block
// gets a Duplicate reference to the other. Blocks are compared after fold
// (so ђ/ѣ/е, і/и, case and punctuation do not matter) by character trigram
// Jaccard similarity, or containment when one reading is cut off; a pair
// must belong to the same game when both have one (blocks under headings
// of games the table does not know belong to the game their heading
// names: two such headings must match as titles do), and each block is
// paired with its best match only if that match's best is it too. Page
// furniture (title, page numbers and headers) and boilerplate lines that
// every game repeats (section headings "Правила.", "Игра." and deck lines)
// are never paired: the same words in two documents are no evidence of
// one page scanned twice. Existing
// Duplicate fields are overwritten. Long blocks find their candidates
// through an index of trigrams, so the cost follows the number of blocks
// that share trigrams rather than all pairs; short blocks are compared
// pairwise within their kind.
//
// LinkDuplicates stops with ctx's error when ctx is cancelled; the
// Duplicate fields are then partly cleared.
func LinkDuplicates(ctx context.Context, docs []*Document) error {
	type item struct {
		doc, block int
		key        string
		grams      []uint64
		unknown    string // folded title of the unknown game's heading above, if any
	}
	var items []item
	for di, d := range docs {
		unknown := ""
		for bi := range d.Blocks {
			b := &d.Blocks[bi]
			b.Duplicate = nil
			if b.Kind == KindGameHeading {
				unknown = ""
				if b.Game == "" {
					unknown = titleCore(fold(b.Text))
				}
			}
			switch b.Kind {
			case KindTitle, KindPageHeader, KindPageNumber, KindSection, KindDeck:
				continue
			}
			key := fold(b.Text)
			if key == "" {
				continue
			}
			it := item{doc: di, block: bi, key: key, grams: trigrams(key)}
			if b.Game == "" {
				it.unknown = unknown
			}
			items = append(items, it)
		}
	}
	best := make([]int, len(items))
	bestSim := make([]float64, len(items))
	for i := range best {
		best[i] = -1
	}
	consider := func(i, j int) {
		a, b := &items[i], &items[j]
		ba, bb := &docs[a.doc].Blocks[a.block], &docs[b.doc].Blocks[b.block]
		if a.doc == b.doc || (ba.Game != "" && bb.Game != "" && ba.Game != bb.Game) {
			return
		}
		if a.unknown != "" && b.unknown != "" {
			// Two games the table does not know: the same one only if
			// their headings read alike (each may be off by the tolerance).
			if tol := 2 * tolerance(a.unknown); editDistance(a.unknown, b.unknown, tol) > tol {
				return
			}
		}
		if ba.Kind != bb.Kind && (isShort(a.key) || isShort(b.key)) {
			return
		}
		s := similarity(a.key, b.key, a.grams, b.grams)
		if s <= 0 {
			return
		}
		if s > bestSim[i] {
			best[i], bestSim[i] = j, s
		}
		if s > bestSim[j] {
			best[j], bestSim[j] = i, s
		}
	}

	// Short blocks can only match short blocks of the same kind, and only
	// headings and captions.
	// Long blocks are paired through their trigrams: the candidates of a
	// block are the blocks sharing at least one trigram with it, ignoring
	// trigrams so common that their lists would make this quadratic. In a
	// corpus of under maxPosting*10 blocks no trigram is ignored, so the
	// result is that of comparing every pair.
	short := make(map[Kind][]int)
	postings := make(map[uint64][]int)
	for i, it := range items {
		if isShort(it.key) {
			if k := docs[it.doc].Blocks[it.block].Kind; k == KindGameHeading || k == KindCaption {
				short[k] = append(short[k], i)
			}
			continue
		}
		for _, g := range it.grams {
			postings[g] = append(postings[g], i)
		}
	}
	limit := max(maxPosting, len(items)/10)
	var cands []int
	seen := make(map[int]bool)
	for i, it := range items {
		if i%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if isShort(it.key) {
			continue
		}
		cands = cands[:0]
		clear(seen)
		for _, g := range it.grams {
			if p := postings[g]; len(p) <= limit {
				for _, j := range p {
					if j > i && !seen[j] {
						seen[j] = true
						cands = append(cands, j)
					}
				}
			}
		}
		slices.Sort(cands)
		for _, j := range cands {
			consider(i, j)
		}
	}
	// Visit pairs in index order so that ties resolve the same way always.
	var pairs [][2]int
	for _, group := range short {
		for x, i := range group {
			for _, j := range group[x+1:] {
				pairs = append(pairs, [2]int{i, j})
			}
		}
	}
	slices.SortFunc(pairs, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	for k, p := range pairs {
		if k%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		consider(p[0], p[1])
	}
	for i, j := range best {
		if j <= i || best[j] != i {
			continue
		}
		a, b := items[i], items[j]
		da, db := docs[a.doc], docs[b.doc]
		da.Blocks[a.block].Duplicate = &Ref{Doc: db.Name, Block: b.block}
		db.Blocks[b.block].Duplicate = &Ref{Doc: da.Name, Block: a.block}
	}
	return nil
}

// similarity of two folded texts, or 0 when they are not readings of one
// passage by the thresholds above.
func similarity(a, b string, ga, gb []uint64) float64 {
	if isShort(a) || isShort(b) {
		// Each reading may be off by the tolerance.
		tol := 2 * tolerance(a)
		if d := editDistance(a, b, tol); d <= tol {
			return 1 - float64(d)/float64(utf8.RuneCountInString(a)+1)
		}
		return 0
	}
	inter := 0
	for i, j := 0, 0; i < len(ga) && j < len(gb); {
		switch {
		case ga[i] == gb[j]:
			inter++
			i++
			j++
		case ga[i] < gb[j]:
			i++
		default:
			j++
		}
	}
	union := len(ga) + len(gb) - inter
	jac := float64(inter) / float64(union)
	if jac >= minJaccard {
		return jac
	}
	short := min(len(ga), len(gb))
	if short >= minContainedTrigrams {
		if c := float64(inter) / float64(short); c >= minContainment {
			return c * minJaccard // ranks below any Jaccard match
		}
	}
	return 0
}

// trigrams returns the sorted, distinct hashes of the character trigrams
// of s.
func trigrams(s string) []uint64 {
	rs := []rune(s)
	if len(rs) < 3 {
		return nil
	}
	out := make([]uint64, 0, len(rs)-2)
	h := fnv.New64a()
	buf := make([]byte, 0, 12)
	for i := 0; i+3 <= len(rs); i++ {
		buf = buf[:0]
		for _, r := range rs[i : i+3] {
			buf = utf8.AppendRune(buf, r)
		}
		h.Reset()
		h.Write(buf)
		out = append(out, h.Sum64())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// isShort reports whether a folded text is too short for trigram statistics.
func isShort(key string) bool {
	return utf8.RuneCountInString(key) < shortBlock
}
