package normalize

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// finalConsonant finds a word-final consonant, to put back the pre-reform
// final ъ into a modern reference.
var finalConsonant = regexp.MustCompile(`([бвгджзклмнпрстфхцчшщБВГДЖЗКЛМНПРСТФХЦЧШЩ])([^\p{L}\p{Mn}]|$)`)

// goldAsPreReform returns the gold references of the pre-reform documents
// with the final ъ restored: text the normalizer handles in pre-reform
// mode, whose every word must come back exactly.
func goldAsPreReform(t *testing.T) map[string][2]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("gold", "00[0-2]*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no gold references: %v", err)
	}
	out := map[string][2]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = [2]string{string(b), finalConsonant.ReplaceAllString(string(b), "${1}ъ${2}")}
	}
	return out
}

// TestNoFalseCorrections: on correct text (the references with final ъ)
// the corrector must change no word, though it runs on every word the
// lexicon does not know.
func TestNoFalseCorrections(t *testing.T) {
	n := normalizer(t)
	for name, p := range goldAsPreReform(t) {
		res := mustDoc(t, n, name, p[1])
		if res.Text != p[0] {
			want, got := strings.Fields(p[0]), strings.Fields(res.Text)
			for i := range want {
				if i < len(got) && want[i] != got[i] {
					t.Errorf("%s: %q became %q", name, want[i], got[i])
					break
				}
			}
		}
	}
}

// TestSyntheticNoise injects single-letter OCR confusions (some outside
// the confusion table) into one word in ten of the references and checks
// that the corrector repairs most and damages none.
func TestSyntheticNoise(t *testing.T) {
	n := normalizer(t)
	subs := [][2]string{{"и", "н"}, {"с", "е"}, {"е", "с"}, {"п", "н"}, {"н", "п"}, {"о", "с"}, {"л", "д"},
		{"в", "п"}, {"ы", "и"}, {"я", "а"}, {"к", "н"}, {"т", "г"}, {"ш", "щ"}, {"б", "6"}, {"и", "й"}}
	var raw, got Score
	damaged := 0
	for seed := uint64(1); seed <= 3; seed++ {
		rng := rand.New(rand.NewPCG(seed, 2))
		for name, p := range goldAsPreReform(t) {
			lines := strings.Split(p[1], "\n")
			for i, l := range lines {
				words := strings.Split(l, " ")
				for j, w := range words {
					if len([]rune(w)) >= 3 && rng.IntN(10) == 0 {
						s := subs[rng.IntN(len(subs))]
						if k := strings.Index(w, s[0]); k > 0 {
							words[j] = w[:k] + s[1] + w[k+len(s[0]):]
						}
					}
				}
				lines[i] = strings.Join(words, " ")
			}
			noisy := strings.Join(lines, "\n")
			res := mustDoc(t, n, name, noisy)
			raw, got = raw.Add(Evaluate(p[0], noisy)), got.Add(Evaluate(p[0], res.Text))
			ref, nz, out := strings.Fields(p[0]), strings.Fields(noisy), strings.Fields(res.Text)
			if len(out) != len(ref) {
				t.Errorf("%s seed %d: %d words, want %d", name, seed, len(out), len(ref))
				continue
			}
			for i := range ref {
				// Damage: a word that was right (up to the final ъ) or was
				// changed into another wrong word.
				if out[i] != ref[i] && (strings.TrimSuffix(nz[i], "ъ") == ref[i] || out[i] != strings.Replace(nz[i], "ъ", "", 1)) {
					damaged++
					t.Logf("%s: %q (noisy %q) → %q", name, ref[i], nz[i], out[i])
				}
			}
		}
	}
	t.Logf("WER %.4f → %.4f", raw.WER(), got.WER())
	if got.WER() > 0.005 || damaged > 2 {
		t.Errorf("WER %.4f after correction, %d words damaged", got.WER(), damaged)
	}
}
