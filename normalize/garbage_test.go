package normalize

import (
	"strings"
	"testing"
	"time"
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
	start := time.Now()
	res := mustDoc(t, n, "garbage", b.String())
	if strings.Contains(res.Text, "\n") || len(res.Edits) == 0 {
		t.Errorf("garbage: %d edits", len(res.Edits))
	}
	t.Logf("512 KB of garbage in %v", time.Since(start))
}
