package checklist

import (
	"slices"
	"strings"

	"gpuadvisor/advisor"
)

// Dimension groups the items: the five of docs/checklist.md plus trial tests and
// contract terms. Its value is the JSON name.
type Dimension string

// The dimensions, in checklist order.
const (
	Hardware   Dimension = "hardware"
	Network    Dimension = "network"
	Billing    Dimension = "billing"
	Operations Dimension = "operations"
	Security   Dimension = "security"
	Trial      Dimension = "trial"
	Contract   Dimension = "contract"
)

// Dimensions lists every dimension in checklist order.
func Dimensions() []Dimension {
	return []Dimension{Hardware, Network, Billing, Operations, Security, Trial, Contract}
}

// Title is the dimension's name for people (checklist.json).
func (d Dimension) Title() Text {
	if t, ok := loadData.Get().titles[d]; ok {
		return t
	}
	return Text{EN: string(d), ZH: string(d)}
}

// ParseDimension reads a dimension by its English name, a short form or its
// Chinese name (hardware, hw, 硬件, network, 网络, billing, 计费, ...: the
// aliases of checklist.json).
func ParseDimension(s string) (Dimension, bool) {
	d, ok := loadData.Get().alias[strings.ToLower(strings.TrimSpace(s))]
	return d, ok
}

// Text is a wording in English and Chinese (the advisor's shared type).
type Text = advisor.Text

// Item is one question of the due-diligence checklist.
type Item struct {
	// ID is the item's stable id (hw.gpu_model, ...), as in docs/checklist.md.
	ID string
	// Name is the item's short name for people (replies show names, JSON ids).
	Name Text
	// Dimension groups it.
	Dimension Dimension
	// Question is what to ask the vendor.
	Question Text
	// Why says why the answer matters.
	Why Text
	// Concrete shows what a concrete answer looks like.
	Concrete Text
	// Key marks an item that must be covered before the verdict can be
	// proceed.
	Key bool

	topics  []string // any of these in a sentence means the item is addressed
	gate    gate     // narrows which clauses naming a topic count
	signals []signal // what makes an answer concrete
	min     int      // how many distinct signals a concrete answer needs (0 means 1)
	traps   []trap   // clear answers that are known bad ones (checklist.json)
}

// gate narrows an item's topics to the clauses that are about it: a clause
// counts only when it holds one of need (when set), and not when it holds
// one of not without one of but ("内网流量免费" is not about public egress;
// "内网和公网流量" is).
type gate struct {
	need, not, but []string
	// wide applies the gate to the clause with its neighbours, for a
	// clause that names its subject in the one before ("存储赠送100GB，
	// 超出部分0.3元/GB" is storage, not bandwidth).
	wide bool
}

// admits reports whether a clause's normalized text passes the gate.
func (g gate) admits(clause string) bool {
	if len(g.need) > 0 && !containsAny(clause, g.need) {
		return false
	}
	return len(g.not) == 0 || !containsAny(clause, g.not) || containsAny(clause, g.but)
}

// signal is one kind of specific a concrete answer carries. Every part that
// is set must hold in the same window of text (a clause and its neighbours).
type signal struct {
	terms   []string // one of these appears
	also    []string // and one of these appears
	units   []string // and a number followed by one of these units ("" any number, "$" money)
	version bool     // and a term of terms is followed by a version number
	// anyPolarity: a term of terms counts negated too ("no support fee" is
	// an answer about fees); otherwise a negated term does not count.
	anyPolarity bool
	// sentence: when the terms stand in the clause itself, the rest of the
	// signal may stand anywhere in its sentence ("7x24值班，30分钟响应，坏卡4小时
	// 内换，SLA写进合同": the contract clause takes in what came before it).
	sentence bool
}

// Items returns the checklist in order: dimension by dimension, as docs/checklist.md
// §1 lists them. The slice is a copy; changing it changes nothing here.
func Items() []Item {
	return slices.Clone(allItems())
}

// Lookup returns the item with the given id.
func Lookup(id string) (Item, bool) {
	for _, it := range allItems() {
		if it.ID == id {
			return it, true
		}
	}
	return Item{}, false
}

// ByDimension returns the items of one dimension, in order.
func ByDimension(d Dimension) []Item {
	var out []Item
	for _, it := range allItems() {
		if it.Dimension == d {
			out = append(out, it)
		}
	}
	return out
}

// w splits a "|"-separated list of terms. Terms are lower case and already
// normalized (half-width, "7x24" for every round-the-clock spelling); a "~"
// at either end asks for an ASCII word boundary there ("~ib~").
func w(s string) []string { return strings.Split(s, "|") }
