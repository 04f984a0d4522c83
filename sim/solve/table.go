package solve

import "github.com/pasyans/pasyans/engine"

// table is the cache of visited states: a set of 128-bit keys in an
// open-addressing hash table with linear probing (16 bytes a slot, no
// pointers for the garbage collector to scan, no allocation per insert).
//
// Memory is bounded. The table doubles while it is below its slot limit;
// at the limit, when it is full, it evicts by generations: the current
// table becomes the old one (still consulted by lookups, but not written)
// and a cleared one takes its place, so the most recent half of the
// visited states stays known. Eviction keeps the search sound (see the
// package doc): a state that is forgotten is only searched again.
type table struct {
	cur, old  []engine.Key // slots; the zero key marks an empty slot
	n, oldN   int          // keys held in cur and old
	maxSlots  int          // slot limit of each generation (a power of two)
	evictions int64        // generation swaps so far
	peak      int          // the most keys held at once since begin
	growAt    int          // n at which cur grows or is evicted
	mask      uint64       // len(cur) - 1
	oldMask   uint64       // len(old) - 1
	minSlots  int          // size a reset table shrinks back to
}

// A slot holds a state's key with the low byte of its Lo half replaced by
// the state's cycle-rule counter (engine.CounterKeyer; 0 for the other
// games): the other 120 bits identify the state, the counter says how
// well it was placed when it was searched. A state met again with a
// counter no lower is dominated (held); one met with a lower counter is
// searched again and its slot lowered.
const counterMask = 0xFF

// pack returns k with counter c in its low byte.
func pack(k engine.Key, c uint8) engine.Key {
	k.Lo = k.Lo&^counterMask | uint64(c)
	return k
}

// same reports whether two slots hold the same state, whatever their
// counters.
func same(a, b engine.Key) bool { return a.Hi == b.Hi && (a.Lo^b.Lo)&^counterMask == 0 }

// slotBytes is the size of one slot.
const slotBytes = 16

// maxLoad is the load factor (in 1/16ths) at which a generation is full.
const maxLoad = 11 // 0.6875

// minSlots is the size of a table between searches: small, so that the
// many searches that expand a few dozen states (Napoleon's, Sympathy's)
// clear little; a larger search grows it by doubling.
const minSlots = 1 << 8

// newTable returns a table using at most memBytes bytes for its slots,
// both generations together (at least 2 KiB).
func newTable(memBytes int64) *table {
	per := memBytes / slotBytes / 2
	maxSlots := 1 << 6
	for int64(maxSlots)*2 <= per {
		maxSlots *= 2
	}
	t := &table{maxSlots: maxSlots, minSlots: min(minSlots, maxSlots)}
	t.alloc(t.minSlots)
	return t
}

// alloc replaces cur by an empty table of n slots.
func (t *table) alloc(n int) {
	t.cur = make([]engine.Key, n)
	t.n = 0
	t.mask = uint64(n - 1)
	t.growAt = n * maxLoad / 16
}

// reset empties the table. A table that grew is given
// back to the garbage collector rather than cleared, so that one large
// search neither keeps its memory for good nor makes every later reset
// slow (the growth was paid for by the nodes of that search).
func (t *table) reset() {
	if len(t.cur) > t.minSlots {
		t.alloc(t.minSlots)
	} else if t.n > 0 {
		clear(t.cur)
		t.n = 0
	}
	t.old, t.oldN, t.oldMask = nil, 0, 0
}

// begin prepares the table for a new search: empty, with its statistics
// cleared.
func (t *table) begin() {
	t.reset()
	t.evictions, t.peak = 0, 0
}

// len returns the number of keys held (both generations).
func (t *table) len() int { return t.n + t.oldN }

// bytes returns the memory held by the slots.
func (t *table) bytes() int64 { return int64(len(t.cur)+len(t.old)) * slotBytes }

// slot returns the hash of k that places it in the table. Both halves
// are mixed in: a game's key need not be uniform in either half alone
// (a fallback key built from two hashes of the same state may repeat one
// half across many states), and linear probing degrades badly when many
// keys share a start.
func slot(k engine.Key) uint64 {
	x := k.Hi ^ (k.Lo&^counterMask)*0x9E3779B97F4A7C15
	return x ^ x>>29
}

// fix maps a key whose state bits are zero, which would read as an
// empty slot, to another key. The two become one, which is as likely to
// matter as any other collision of two 120-bit keys.
func fix(k engine.Key) engine.Key {
	if k.Hi == 0 && k.Lo&^counterMask == 0 {
		k.Lo |= counterMask + 1
	}
	return k
}

// has reports whether the table holds the state of k (a packed key) with
// a counter no higher than k's.
func (t *table) has(k engine.Key) bool {
	k = fix(k)
	if s, ok := find(t.cur, t.mask, k); ok {
		return s.Lo&counterMask <= k.Lo&counterMask
	}
	if t.oldN == 0 {
		return false
	}
	s, ok := find(t.old, t.oldMask, k)
	return ok && s.Lo&counterMask <= k.Lo&counterMask
}

// find returns the slot of slots holding the state of k, if any.
func find(slots []engine.Key, mask uint64, k engine.Key) (engine.Key, bool) {
	for i := slot(k) & mask; ; i = (i + 1) & mask {
		s := slots[i]
		if same(s, k) {
			return s, true
		}
		if s == (engine.Key{}) {
			return s, false
		}
	}
}

// add records the state of k (a packed key) and reports whether it is to
// be searched: new, or held only with a higher counter (the slot is then
// lowered to k's). It reports false when the state is held with a counter
// no higher than k's. When the current generation is full it grows or
// evicts first.
func (t *table) add(k engine.Key) bool {
	k = fix(k)
	i := slot(k) & t.mask
	for ; ; i = (i + 1) & t.mask {
		s := t.cur[i]
		if same(s, k) {
			if s.Lo&counterMask <= k.Lo&counterMask {
				return false
			}
			t.cur[i] = k
			return true
		}
		if s == (engine.Key{}) {
			break
		}
	}
	if t.oldN > 0 {
		if s, ok := find(t.old, t.oldMask, k); ok && s.Lo&counterMask <= k.Lo&counterMask {
			return false
		}
	}
	if t.n >= t.growAt {
		t.grow()
		t.insertNew(k)
		t.peak = max(t.peak, t.n+t.oldN)
		return true
	}
	t.cur[i] = k
	t.n++
	if t.n+t.oldN > t.peak {
		t.peak = t.n + t.oldN
	}
	return true
}

// insertNew inserts k, known to be absent, into cur, which has room.
func (t *table) insertNew(k engine.Key) {
	i := slot(k) & t.mask
	for t.cur[i] != (engine.Key{}) {
		i = (i + 1) & t.mask
	}
	t.cur[i] = k
	t.n++
}

// grow makes room in cur: it doubles cur below the slot limit, or evicts a
// generation at the limit.
func (t *table) grow() {
	if len(t.cur) < t.maxSlots {
		prev := t.cur
		t.alloc(2 * len(prev))
		for _, k := range prev {
			if k != (engine.Key{}) {
				t.insertNew(k)
			}
		}
		return
	}
	// Evict: cur becomes old; the previous old generation is forgotten
	// and its memory reused for the new cur.
	next := t.old
	if len(next) != len(t.cur) {
		next = make([]engine.Key, len(t.cur))
	} else {
		clear(next)
	}
	t.old, t.oldN, t.oldMask = t.cur, t.n, t.mask
	t.cur, t.n = next, 0
	t.evictions++
}

// keep inserts k (a packed key) into the current generation if its state
// is not there with a counter no higher: the search calls it after an
// eviction for the states of its current path, which must stay known (a
// path that runs into itself must stop).
func (t *table) keep(k engine.Key) {
	k = fix(k)
	for i := slot(k) & t.mask; ; i = (i + 1) & t.mask {
		s := t.cur[i]
		if same(s, k) {
			if s.Lo&counterMask > k.Lo&counterMask {
				t.cur[i] = k
			}
			return
		}
		if s == (engine.Key{}) {
			if t.n < len(t.cur)-1 {
				t.cur[i] = k
				t.n++
			}
			return
		}
	}
}
