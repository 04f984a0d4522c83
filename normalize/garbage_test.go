package normalize

import (
	"context"
	"strings"
	"testing"
)

// TestGarbageBounded feeds half a megabyte of distinct unknown "words" in
// pre-reform spelling on one line: every word goes to the OCR corrector,
// whose per-chunk budget must keep the run short.
func TestGarbageBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("garbage input")
	}
	n := normalizer(t)
	letters := []rune("абвгдежзиклмнопрстуфхцчшщыэюяѣі")
	var b strings.Builder
	x := uint64(88172645463325252)
	for b.Len() < 1<<19 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		for i := 0; i < 6+int(x%9); i++ {
			b.WriteRune(letters[(x>>(i*5))%uint64(len(letters))])
		}
		b.WriteString("ъ ")
	}
	res := mustDoc(t, n, "garbage", b.String())
	if strings.Contains(res.Text, "\n") || len(res.Edits) == 0 {
		t.Errorf("garbage: %d edits", len(res.Edits))
	}

	// The bound: the corrector's work on the chunk (search positions and
	// variants, counted whether the budget pays for them or not) stays
	// within a small multiple of the chunk's variant budget, however many
	// unknown words the chunk holds. Without the budget this input costs
	// hundreds of times more.
	st := n.newState("garbage")
	var out strings.Builder
	if err := st.chunk(context.Background(), b.String(), &out, func(Edit) error { return nil }, sink{}); err != nil {
		t.Fatal(err)
	}
	limit := int64(maxStepsPerVariant * ocrBudget(b.Len()))
	t.Logf("%d bytes: %d corrector steps, bound %d", b.Len(), st.steps, limit)
	if st.steps > limit {
		t.Errorf("the OCR corrector took %d steps on %d bytes of garbage, over its bound %d", st.steps, b.Len(), limit)
	}
}

// maxStepsPerVariant bounds the corrector's steps per budgeted variant.
const maxStepsPerVariant = 4
