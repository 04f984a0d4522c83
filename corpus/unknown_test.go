package corpus

import (
	"fmt"
	"strings"
	"testing"
)

func TestIsHeadingShape(t *testing.T) {
	yes := []string{
		"ЧАСЫ.", "КРАСАВИЦА ЛЮСИ.", "КРђПОСТЬ.", "ГРОБНИЦА НАПОЛЕОНА.", "КОРОЛЕВСКІЙ БРАКЪ.",
		"ГЕРЦОГИНЯ ДЕ-ЛЮИНЬ.", "ШАГ.", "ТРИ ФЕИ.",
	}
	no := []string{
		"Часы.",          // ordinary case: a caption or text
		"ЧАСЫ",           // no full stop
		"Т. Е.",          // an abbreviation, not a title
		"ОК.",            // too few letters
		"ГЛАВА 5.",       // digits
		"ЧАСЫ: ПРАВИЛА.", // more than one phrase
		"ЧАСЫ!",          // not a full stop
		"ОДНА ДВЕ ТРИ ЧЕТЫРЕ ПЯТЬ ШЕСТЬ СЕМЬ.", // too long for a title
		"Когда всѣ карты разложены, ИГРА начинается.",
	}
	for _, s := range yes {
		if !isHeadingShape(s) {
			t.Errorf("isHeadingShape(%q) = false, want true", s)
		}
	}
	for _, s := range no {
		if isHeadingShape(s) {
			t.Errorf("isHeadingShape(%q) = true, want false", s)
		}
	}
	// Lines that are something else keep their kind: classifyLine tries
	// the heading shape last.
	for s, want := range map[string]shape{
		"ЧАСЫ.":        shHeading,
		"ЧЕТЫРЕ УГЛА.": shTitle,
		"ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.": shDeck,
		"ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.": shDeck,
		"ПРАВИЛА.": shSection,
		"III.":     shRule,
	} {
		if got := testSet(t).classifyLine(s, false).shape; got != want {
			t.Errorf("testSet(t).classifyLine(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestUnknownGame: a heading of a game the table does not know starts a run
// of blocks with no game — rules keep their numbers, the caption repeating
// the heading is a caption, the footnote stays with it — and the next known
// heading ends the run. The blocks are not given the game their words
// happen to recall ("кругомъ", "дамъ", "угламъ").
func TestUnknownGame(t *testing.T) {
	text := "ЧЕТЫРЕ УГЛА.\n\nI. До окончанія пасьянса карты можно брать.\n\n" +
		"ЧАСЫ.\n\nОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\nПравила.\n\n" +
		"I. Карты раскладываются кругомъ, по числу часовъ, по угламъ и въ середину.\n\n" +
		"II. Открытую карту кладутъ подъ пачку ея достоинства, до дамъ включительно.\n\n" +
		"Игра.\n\nСдаютъ всю колоду на тринадцать пачекъ кругомъ[3].\n\n" +
		"Чаеы.\n\nЛучше всего раскладывать его не спѣша.\n\n" +
		"3\nЕсли короли выходятъ скоро, пасьянсъ кончается.\n\n" +
		"МЕЛЬНИЦА.\n\nI. Всѣ карты въ крыльяхъ годны.\n"
	d := mustRead(t, "clockish", []byte(text))
	checkSpans(t, d)
	want := []string{
		"game-heading four-corners -", "rule four-corners I",
		"game-heading - -", "deck - -", "section - -", "rule - I", "rule - II", "section - -",
		"paragraph - -", "caption - -", "paragraph - -", "footnote - -",
		"game-heading windmill -", "rule windmill I",
	}
	var got []string
	for _, b := range d.Blocks {
		got = append(got, fmt.Sprintf("%s %s %s", b.Kind, dash(b.Game), dash(b.RuleNumber)))
		if b.GameGuessed {
			t.Errorf("block %d %q: game guessed", b.Index, b.Text)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// A document opening with an unknown heading: nothing before it to
	// guess a game for, and nothing after it is guessed.
	d = mustRead(t, "tomb", []byte("ГРОБНИЦА НАПОЛЕОНА.\n\nI. Основанія по угламъ: четыре семерки въ углахъ.\n\n"+
		"Раскладываютъ пять картъ въ видѣ креста, по угламъ кладутъ семерки.\n"))
	for _, b := range d.Blocks {
		if b.Game != "" || b.GameGuessed {
			t.Errorf("tomb block %d %s: game %q (guessed %v), want none", b.Index, b.Kind, b.Game, b.GameGuessed)
		}
	}
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func TestVocabularyEvidence(t *testing.T) {
	for _, c := range []struct {
		w, stem string
		want    bool
	}{
		{"кругом", "круг", true}, {"круг", "круг", true}, {"углам", "угл", true}, {"дамы", "дам", true},
		{"султана", "султан", true}, {"крыльев", "крыль", true}, {"тасуют", "тасу", true},
		{"лучше", "луч", false}, {"дамочка", "дам", false}, {"кругосветныи", "круг", false}, {"угл", "угло", false},
	} {
		if got := stemForm(c.w, c.stem); got != c.want {
			t.Errorf("stemForm(%q, %q) = %v, want %v", c.w, c.stem, got, c.want)
		}
	}
	cases := []struct {
		text, game string
	}{
		// One word of a game's vocabulary is no evidence.
		{"Лучше класть карты кругомъ, одну подлѣ другой.", ""},
		// Two against one is not a clear margin.
		{"Карты кладутъ кругомъ, потомъ снова кругомъ, до дамъ.", ""},
		// Clear evidence.
		{"Если в кону не останется ни одной карты, а 8 дам, изображающих гарем султана, разложатся кругом, то пасьянс сошелся.", "sultan"},
	}
	for _, c := range cases {
		d := mustRead(t, "v", []byte(c.text))
		b := d.Blocks[0]
		if b.Game != c.game || b.GameGuessed != (c.game != "") {
			t.Errorf("%q: game %q guessed %v, want %q", c.text, b.Game, b.GameGuessed, c.game)
		}
	}
}

// TestDuplicatesNotBoilerplate: the section headings and deck lines every
// game repeats, and a rule worded like another game's, are not readings of
// one passage; a true second reading of an unknown game's text is.
func TestDuplicatesNotBoilerplate(t *testing.T) {
	rules := "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\nПравила.\n\n" +
		"I. Основанія — четыре туза — выходятъ во время игры; на нихъ идутъ карты той же масти въ восходящемъ порядкѣ до королей.\n\n" +
		"Игра.\n\nРаскладываютъ всю колоду веерами по три карты, лицомъ вверхъ, и начинаютъ игру съ верхнихъ картъ.\n"
	a := mustRead(t, "a", []byte("КРѢПОСТЬ.\n\n"+rules))
	b := mustRead(t, "b", []byte("КРАСАВИЦА ЛЮСИ.\n\n"+rules))
	mustLinkDuplicates(t, []*Document{a, b})
	for _, d := range []*Document{a, b} {
		for _, bl := range d.Blocks {
			if bl.Duplicate != nil {
				t.Errorf("%s#%d %s %q paired with %v", d.Name, bl.Index, bl.Kind, bl.Text, *bl.Duplicate)
			}
		}
	}
	// The same game scanned twice, its heading with another OCR error.
	c := mustRead(t, "c", []byte("КРЕПОСГЬ.\n\n"+strings.ReplaceAll(rules, "е", "ѣ")))
	mustLinkDuplicates(t, []*Document{a, c})
	for _, bl := range a.Blocks {
		paired := bl.Duplicate != nil
		if want := bl.Kind != KindSection && bl.Kind != KindDeck; paired != want {
			t.Errorf("a#%d %s: paired %v, want %v", bl.Index, bl.Kind, paired, want)
		}
	}
}
