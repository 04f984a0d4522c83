package engine

import (
	"fmt"
	"strings"
)

// Suit is a card suit. The order (clubs, diamonds, hearts, spades) is the
// order of the canonical deck and of the compact encoding.
type Suit uint8

// The four suits.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// NumSuits is the number of suits in a deck.
const NumSuits = 4

var suitSymbols = [NumSuits]string{"♣", "♦", "♥", "♠"}
var suitLetters = [NumSuits]byte{'C', 'D', 'H', 'S'}

// String returns the suit symbol (♣ ♦ ♥ ♠).
func (s Suit) String() string {
	if s >= NumSuits {
		return "?"
	}
	return suitSymbols[s]
}

// Letter returns the ASCII suit letter (C D H S).
func (s Suit) Letter() byte {
	if s >= NumSuits {
		return '?'
	}
	return suitLetters[s]
}

// Color returns the colour of the suit.
func (s Suit) Color() Color {
	if s == Diamonds || s == Hearts {
		return Red
	}
	return Black
}

// Color is red or black.
type Color uint8

// The two colours.
const (
	Black Color = iota
	Red
)

// String returns "black" or "red".
func (c Color) String() string {
	if c == Red {
		return "red"
	}
	return "black"
}

// Rank is a card rank from Ace (1) to King (13). There is no wrap-around
// unless a game says so.
type Rank uint8

// Named ranks.
const (
	Ace   Rank = 1
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
)

// NumRanks is the number of ranks in a suit.
const NumRanks = 13

var rankNames = [NumRanks + 1]string{"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
var rankLetters = [NumRanks + 1]byte{'?', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'}

// String returns the rank as printed on a card: A, 2 … 10, J, Q, K.
func (r Rank) String() string {
	if r < 1 || r > NumRanks {
		return "?"
	}
	return rankNames[r]
}

// Letter returns the one-character ASCII rank (A 2 … 9 T J Q K).
func (r Rank) Letter() byte {
	if r < 1 || r > NumRanks {
		return '?'
	}
	return rankLetters[r]
}

// Card is a compact playing card: deck*52 + suit*13 + (rank-1). Two-deck
// games have two of every card, told apart by Deck. The zero value is the
// ace of clubs of deck 0; NoCard marks an empty or hidden slot.
type Card uint8

// NoCard is the sentinel for "no card" or "a card the player cannot see".
const NoCard Card = 255

// CardsPerDeck is the number of cards in one deck.
const CardsPerDeck = 52

// MaxDecks is the largest number of decks a game may use.
const MaxDecks = 2

// NewCard builds a card from its rank, suit and deck index (0 or 1).
func NewCard(r Rank, s Suit, deck int) Card {
	return Card(deck*CardsPerDeck + int(s)*NumRanks + int(r) - 1)
}

// Valid reports whether c is a real card (not NoCard, within two decks).
func (c Card) Valid() bool { return c < MaxDecks*CardsPerDeck }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return cardRanks[c] }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return cardSuits[c] }

// cardRanks, cardSuits and cardColors are immutable lookup tables of
// Rank, Suit and Color
// for every byte value (move generation calls them in its inner loops; a
// load is cheaper than the divisions). Values that are not valid cards get
// what the arithmetic gives, as before.
var (
	cardRanks = func() (t [256]Rank) {
		for c := range t {
			t[c] = Rank(Card(c)%NumRanks) + 1
		}
		return t
	}()
	cardSuits = func() (t [256]Suit) {
		for c := range t {
			t[c] = Suit((Card(c) % CardsPerDeck) / NumRanks)
		}
		return t
	}()
	cardColors = func() (t [256]Color) {
		for c := range t {
			t[c] = Suit((Card(c) % CardsPerDeck) / NumRanks).Color()
		}
		return t
	}()
)

// Deck returns the index of the deck the card belongs to (0 or 1).
func (c Card) Deck() int { return int(c) / CardsPerDeck }

// Color returns the colour of the card's suit.
func (c Card) Color() Color { return cardColors[c] }

// Face returns the card with the deck index cleared: the two copies of a
// card in a two-deck game have the same Face.
func (c Card) Face() Card { return c % CardsPerDeck }

// String returns the card in symbol form, e.g. "10♥", "Q♠"; "--" for NoCard.
func (c Card) String() string {
	if !c.Valid() {
		return "--"
	}
	return c.Rank().String() + c.Suit().String()
}

// ASCII returns the two-character ASCII form, e.g. "TH", "QS"; "--" for
// NoCard. The deck index is not part of the text form.
func (c Card) ASCII() string {
	if !c.Valid() {
		return "--"
	}
	return string([]byte{c.Rank().Letter(), c.Suit().Letter()})
}

// ParseCard reads a card in symbol form ("10♥", "Q♠") or ASCII form ("TH",
// "QS", "10H"), case-insensitive for ASCII. The deck index of the result is 0.
func ParseCard(s string) (Card, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return NoCard, fmt.Errorf("parse card %q: empty", s)
	}
	var suit Suit
	found := false
	for i, sym := range suitSymbols {
		if strings.HasSuffix(t, sym) {
			suit, found = Suit(i), true
			t = strings.TrimSuffix(t, sym)
			break
		}
	}
	if !found {
		last := t[len(t)-1] &^ 0x20 // upper-case an ASCII letter
		for i, l := range suitLetters {
			if last == l {
				suit, found = Suit(i), true
				t = t[:len(t)-1]
				break
			}
		}
	}
	if !found {
		return NoCard, fmt.Errorf("parse card %q: unknown suit", s)
	}
	rs := strings.ToUpper(t)
	for r := Ace; r <= King; r++ {
		if rs == rankNames[r] || (len(rs) == 1 && rs[0] == rankLetters[r]) {
			return NewCard(r, suit, 0), nil
		}
	}
	return NoCard, fmt.Errorf("parse card %q: unknown rank", s)
}

// NewDeck returns the canonical ordered pack of n decks (1 or 2): deck 0's
// clubs A–K, diamonds, hearts, spades, then deck 1 likewise.
func NewDeck(n int) []Card {
	if n < 1 || n > MaxDecks {
		panic(fmt.Sprintf("engine: NewDeck(%d): decks must be 1 or 2", n))
	}
	d := make([]Card, n*CardsPerDeck)
	for i := range d {
		d[i] = Card(i)
	}
	return d
}
