package checklist

// automaton is an Aho-Corasick matcher over bytes: one pass over the text
// finds every occurrence of every term, so checking a 20 KB answer against
// hundreds of synonyms stays well under a millisecond.
type automaton struct {
	root  [256]int32 // transitions from the root
	nodes []acNode
}

type acNode struct {
	edges []acEdge
	fail  int32
	out   []int32 // ids of the terms ending here, including via fail links
}

type acEdge struct {
	b  byte
	to int32
}

func (n *acNode) next(b byte) int32 {
	for _, e := range n.edges {
		if e.b == b {
			return e.to
		}
	}
	return -1
}

// newAutomaton builds the matcher; term i is reported as id i.
func newAutomaton(terms []string) *automaton {
	a := &automaton{nodes: []acNode{{}}}
	for id, t := range terms {
		cur := int32(0)
		for i := 0; i < len(t); i++ {
			nx := a.nodes[cur].next(t[i])
			if nx < 0 {
				a.nodes = append(a.nodes, acNode{})
				nx = int32(len(a.nodes) - 1)
				a.nodes[cur].edges = append(a.nodes[cur].edges, acEdge{t[i], nx})
			}
			cur = nx
		}
		a.nodes[cur].out = append(a.nodes[cur].out, int32(id))
	}
	// Breadth-first: fail links and merged outputs.
	queue := make([]int32, 0, len(a.nodes))
	for _, e := range a.nodes[0].edges {
		a.nodes[e.to].fail = 0
		queue = append(queue, e.to)
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range a.nodes[u].edges {
			f := a.nodes[u].fail
			for {
				if nx := a.nodes[f].next(e.b); nx >= 0 && nx != e.to {
					a.nodes[e.to].fail = nx
					break
				}
				if f == 0 {
					a.nodes[e.to].fail = 0
					break
				}
				f = a.nodes[f].fail
			}
			fo := a.nodes[a.nodes[e.to].fail].out
			if len(fo) > 0 {
				a.nodes[e.to].out = append(append([]int32(nil), a.nodes[e.to].out...), fo...)
			}
			queue = append(queue, e.to)
		}
	}
	for b := 0; b < 256; b++ {
		a.root[b] = max(a.nodes[0].next(byte(b)), 0)
	}
	return a
}

// scan calls found(id, end) for every occurrence, end being the byte after it.
func (a *automaton) scan(s string, found func(id int32, end int)) {
	cur := int32(0)
	for i := 0; i < len(s); i++ {
		b := s[i]
		for {
			if cur == 0 {
				cur = a.root[b]
				break
			}
			if nx := a.nodes[cur].next(b); nx >= 0 {
				cur = nx
				break
			}
			cur = a.nodes[cur].fail
		}
		for _, id := range a.nodes[cur].out {
			found(id, i+1)
		}
	}
}
