package link

import "sort"

// This file makes the text scores linear in the length of a passage. The
// score of a term phrase against a stretch of text is, for each word of
// the phrase, its best similarity (wordSim) to a word of the stretch. A
// passage word's similarities to every term word of the catalog are
// worked out once per distinct spelling, through the trigrams the words
// share (two words with a positive similarity always share one), and a
// stretch's best similarities are gathered from its words' lists: the
// cost follows the passage's words, never their pairs.

// termID numbers a distinct term word (by its fold) of the catalog.
type termID = int32

// simEntry is a passage word's similarity to one term word, when positive.
type simEntry struct {
	id  termID
	sim float64
}

// termIndex holds the distinct term words of the catalog and finds the
// ones a passage word resembles.
type termIndex struct {
	words    []word            // by termID
	byFold   map[string]termID // fold → termID
	postings map[uint64][]termID
	lists    [][]simEntry     // the similarity lists of the passage words met so far
	listOf   map[string]int32 // passage word fold → index in lists
	stamp    []int32          // per termID: the last lookup that met it
	lookups  int32
}

// pword is a word of a passage: its byte range in the passage's modern
// text and the index of its similarity list in termIndex.lists.
type pword struct {
	start, end int32
	list       int32
}

// passageWords returns the words of a passage's modern text s with their
// similarity lists.
func (ti *termIndex) passageWords(s string) []pword {
	var out []pword
	scanWords(s, func(fold []byte, start, end int) {
		k, ok := ti.listOf[string(fold)]
		if !ok {
			f := string(fold)
			root := root(f)
			k = int32(len(ti.lists))
			ti.lists = append(ti.lists, ti.similarities(word{fold: f, root: root, stem: prefix(root, stemLen), tri: trigrams(f)}))
			ti.listOf[f] = k
		}
		out = append(out, pword{int32(start), int32(end), k})
	})
	return out
}

// newTermIndex returns an empty index.
func newTermIndex() *termIndex {
	return &termIndex{byFold: map[string]termID{}, postings: map[uint64][]termID{}, listOf: map[string]int32{}}
}

// add numbers the words of a term phrase, adding the new ones.
func (ti *termIndex) add(ws []word) []termID {
	ids := make([]termID, len(ws))
	for i, w := range ws {
		id, ok := ti.byFold[w.fold]
		if !ok {
			id = termID(len(ti.words))
			ti.words = append(ti.words, w)
			ti.byFold[w.fold] = id
			ti.stamp = append(ti.stamp, 0)
			for k, g := range w.tri {
				if k > 0 && w.tri[k-1] == g {
					continue // each trigram once
				}
				ti.postings[g] = append(ti.postings[g], id)
			}
		}
		ids[i] = id
	}
	return ids
}

// similarities returns the term words w resembles, with wordSim.
func (ti *termIndex) similarities(w word) []simEntry {
	ti.lookups++
	var out []simEntry
	for k, g := range w.tri {
		if k > 0 && w.tri[k-1] == g {
			continue
		}
		for _, id := range ti.postings[g] {
			if ti.stamp[id] == ti.lookups {
				continue
			}
			ti.stamp[id] = ti.lookups
			if s := wordSim(ti.words[id], w); s > 0 {
				out = append(out, simEntry{id, s})
			}
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].id < out[b].id })
	return out
}

// scorer holds the best similarity of each term word to the words of one
// stretch of a passage.
type scorer struct {
	best    []float64 // by termID
	touched []termID
	visits  int // words loaded so far: the work, which tests check is linear
}

// newScorer returns a scorer for an index of n term words.
func newScorer(n int) *scorer { return &scorer{best: make([]float64, n)} }

// load makes the stretch the words ws, whose similarity lists are in
// lists.
func (sc *scorer) load(ws []pword, lists [][]simEntry) {
	for _, id := range sc.touched {
		sc.best[id] = 0
	}
	sc.touched = sc.touched[:0]
	sc.visits += len(ws)
	for _, w := range ws {
		for _, e := range lists[w.list] {
			if b := sc.best[e.id]; e.sim > b {
				if b == 0 {
					sc.touched = append(sc.touched, e.id)
				}
				sc.best[e.id] = e.sim
			}
		}
	}
}

// termScore is the share of the term's words found in the stretch, each
// counted with its best similarity (as termScore of words).
func (sc *scorer) termScore(term []termID) float64 {
	if len(term) == 0 {
		return 0
	}
	sum := 0.0
	for _, id := range term {
		sum += sc.best[id]
	}
	return sum / float64(len(term))
}

// termsScore scores a rule's terms against the stretch: half the best
// term's score plus half the mean over all terms (as termsScore of words),
// and the best single term score.
func (sc *scorer) termsScore(terms [][]termID) (score, best float64) {
	if len(terms) == 0 {
		return 0, 0
	}
	sum := 0.0
	for _, t := range terms {
		s := sc.termScore(t)
		sum += s
		if s > best {
			best = s
		}
	}
	return 0.5*best + 0.5*sum/float64(len(terms)), best
}

// wordRange returns the words of ws inside the byte range [start, end):
// from the first that starts there, as long as they end inside it.
func wordRange(ws []pword, start, end int) []pword {
	lo := sort.Search(len(ws), func(i int) bool { return int(ws[i].start) >= start })
	hi := lo
	for hi < len(ws) && int(ws[hi].end) <= end {
		hi++
	}
	return ws[lo:hi]
}
