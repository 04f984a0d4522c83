package link

import "github.com/pasyans/pasyans/engine"

// extraTerms supplements the catalog's Terms (engine.Rule.Terms) with
// further key phrases of the book, in modern spelling, for numbered rules
// and advice passages of the catalog: shorter or differently cut variants of
// the catalog's phrases. The linker uses the union of both; a phrase the
// catalog already carries is not repeated here. The phrases are
// read off the book's wording (and, for rules the scan lost, from the
// English original's wording translated), not off OCR strings: matching is
// fuzzy, so damaged spellings are found without being listed here.
var extraTerms = map[engine.RuleID][]string{
	"salic-law/S1": {
		"постоянно смотреть на поверхность королевских пачек",
	},
	"salic-law/S2": {
		"класть на свободного короля",
	},
	"salic-law/S3": {
		"выбирать те карты которые освобождают наибольшее число подходящих карт",
		"просматривать все пачки",
	},
	"four-corners/I": {
		"снятие тех карт которые прикрывают их",
	},
	"four-corners/II": {
		"основные карты 4 туза и 4 короля",
		"выходить на определенные места во время игры",
	},
	"four-corners/S1": {
		"освобождая одну карту можно закрыть другую",
		"которая одинаково нужна",
	},
	"four-corners/S2": {
		"тщательно рассматривать содержание каждой пачки",
		"делать только такие марьяжи",
		"освобождают наибольшее число подходящих карт",
	},
	"windmill/II": {
		"одно из них берется из колоды тотчас",
		"остальные четыре во время игры",
	},
	"windmill/S1": {
		"лучше брать карты из талона нежели из крыльев",
	},
	"windmill/S2": {
		"за один раз можно брать только одну карту с пачки",
		"немедленно употребить в дело другую годную карту",
	},
	"shah/I": {
		"карты каждого круга звезды годятся в дело",
		"пока они не будут покрыты другим кругом",
		"только карты третьего наружного круга",
		"освободит внутренних кругов",
	},
	"shah/II": {
		"наружных средних кругов",
		"можно только играть но не делать марьяж",
	},
	"shah/S1": {
		"нет надобности делать непременно то или другое",
		"пока не представится удобный случай",
	},
	"shah/S2": {
		"удобнее ждать",
		"подвернется карта которая может в скором времени потребоваться",
		"очищается свободное место на которое можно положить ее",
	},
	"british-constitution/II": {
		"помещены по порядку на карты ближайшего отделения",
	},
	"british-constitution/IV": {
		"очередующихся мастей в нисходящем порядке",
		"можно поместить какое угодно число карт",
	},
	"british-constitution/V": {
		"каждое пустое место должно быть немедленно занято",
		"картою из отделения лежащего непосредственно ниже",
		"закрыть картою из талона а если его нет то из колоды",
	},
	"british-constitution/S1": {
		"закрывая пустое место надобно выбирать карту",
	},
	"british-constitution/S2": {
		"лучше отложить открытия пустого места",
		"пока не попадется карта удобная для игры",
		"успех пасьянса главнейшим образом зависит от игры",
	},
	"zodiac/I": {
		"из карт находящихся в талоне или в колоде",
		"между картами зодиака и картами экватора",
		"в восходящем и нисходящем порядке в одной и той же пачке",
	},
	"zodiac/S1": {
		"нет надобности делать ни того ни другого",
	},
	"napoleon/S1": {
		"в перпендикулярных рядах карты одного достоинства",
		"семерка над восьмеркой восьмерка над семеркой",
		"как можно скорее освобождать эти карты",
	},
	"napoleon/S2": {
		"окажутся три одинаковые карты",
		"выкинуть и оставшуюся карту",
	},
	"napoleon/S3": {
		"лишь в случае нужды можно взять карту из резерва",
	},
	"red-and-black/S1": {
		"с одной пачки можно перекладывать на другую",
		"в понижающемся порядке",
		"подготовить эти пачки для переноса на тузов",
	},
	"red-and-black/S2": {
		"верхняя карта пачки надобна для тузов",
		"ее тотчас же перекладывают",
	},
}

// extraTitles supplements the catalog's Russian titles (TitlesRU) with
// the book's spellings, used to recover a passage's game from a heading
// when the segmenter gave it none.
var extraTitles = map[string][]string{
	"salic-law":            {"Салический закон"},
	"four-corners":         {"Четыре угла"},
	"windmill":             {"Мельница"},
	"shah":                 {"Шах"},
	"duchess-de-luynes":    {"Герцогиня де-Люинь"},
	"british-constitution": {"Английская конституция"},
	"zodiac":               {"Зодиак"},
	"sympathy":             {"Симпатия"},
	"sultan":               {"Султан"},
	"napoleon":             {"Наполеоновский пасьянс"},
	"red-and-black":        {"Красные черные"},
}
