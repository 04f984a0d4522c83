package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"testing"
)

// keyDigests pins, per game, a digest of every hash and key the engine
// computes (Hash, ViewHash, SearchKey, CounterKey, and the Hash of a
// determinized copy) at every position of random playouts of every variant
// (see keyDigest). Search keys decide which states a search treats as one
// and where its cache keeps them, so a change of the hashing code that
// changes a key changes the solver's and the planner's answers: the
// hashing is refactored only with these digests unchanged.
var keyDigests = map[string]string{
	"salic-law":            "0c05d1ccddaff871e07a3520",
	"four-corners":         "ba9d7c1de03a3c93fb59980b",
	"windmill":             "d42c17182cbd89e5e84f295d",
	"shah":                 "62075ab43b79a8d3cc004813",
	"duchess-de-luynes":    "1643eaa598b79fa6e24da12f",
	"british-constitution": "7c23654449c162fa5e1e2400",
	"zodiac":               "7f74a73a51af91c5d25e96fe",
	"sympathy":             "b18d7703aa79fdab78778ebf",
	"sultan":               "0ce316906e8ac327c7d3bdf2",
	"napoleon":             "26bf9cd5276f06c3b09ff52f",
	"red-and-black":        "d637d96b8b685a10ebe056b3",
}

// keyDigest returns the digest of spec's keys over deals random playouts
// of each variant.
func keyDigest(t *testing.T, spec *Spec, deals int) string {
	t.Helper()
	h := sha256.New()
	var legal []Move
	for _, opts := range variantOptions(spec) {
		for seed := uint64(1); seed <= uint64(deals); seed++ {
			g, err := spec.New(seed, opts)
			if err != nil {
				t.Fatalf("%s %v: New(%d): %v", spec.ID, opts, seed, err)
			}
			r := NewRand(seed ^ 0x4B4559)
			d := g.Clone()
			for n := 0; n < spec.MaxMoves; n++ {
				digestKeys(h, g, d, r)
				legal = g.LegalMoves(legal[:0])
				if len(legal) == 0 {
					break
				}
				if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatalf("%s %v seed %d: %v", spec.ID, opts, seed, err)
				}
			}
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:12])
}

// digestKeys writes g's hashes and keys, and the Hash of a copy of g
// determinized from r, to h.
func digestKeys(h hash.Hash, g, d Game, r *Rand) {
	var b [8]byte
	put := func(x uint64) {
		binary.LittleEndian.PutUint64(b[:], x)
		h.Write(b[:])
	}
	put(g.Hash())
	put(g.ViewHash())
	k := g.SearchKey()
	put(k.Hi)
	put(k.Lo)
	if c, ok := g.(CounterKeyer); ok {
		k, n := c.CounterKey()
		put(k.Hi)
		put(k.Lo)
		put(uint64(n))
	}
	d.CopyFrom(g)
	d.Determinize(r)
	put(d.Hash())
	put(d.ViewHash())
}

// TestKeyDigests checks every game's keys against keyDigests.
func TestKeyDigests(t *testing.T) {
	deals := 40
	for _, spec := range implementedSpecs(t) {
		got := keyDigest(t, spec, deals)
		if want := keyDigests[spec.ID]; got != want {
			t.Errorf("%s: key digest %s, want %s", spec.ID, got, want)
		}
	}
}
