// Package prompts writes the drafts a team sends to a GPU vendor: the
// questions to ask sales, the SLA clauses for the contract and the renewal
// renegotiation email, and turns a free-text question into a command (ask).
//
// Facts in, draft out. The advisor computes every number; this package words
// them. Each draft has a deterministic template (go:embed, zh and en) that is
// always rendered first. When an LLM is configured it is asked to improve the
// wording of that template draft, and its answer is used only if it passes
// the grounding checks (named by the Check* constants): every required fact
// and every number of the template unchanged, no number (in digits or in
// words), link (in any disguise), e-mail address, @-mention or encoded blob
// that was not in the facts, every clause and numbered question kept, the
// right language and length; and, by structure, every number back with the
// same unit in the same clause (response, replacement, outage,
// compensation), no added qualifier that weakens a commitment, no negation
// added or removed; and clause by clause against the template, the numbered
// clauses in order with their facts and the subject of each number, no
// weaker modal, no added exclusion, cap, waiver, choice, responsibility or
// condition, the direction words kept, no new number in any script, phone
// number, contact channel or instruction, and every sentence aligned with
// one of the template (docs/drafting.md#meaning-clause-by-clause).
// Otherwise the template draft is used and the Draft says why (Reason), so
// the reply can name the path taken.
//
// Vendor text is untrusted. It reaches the LLM only as quoted data between a
// random delimiter, after the instructions, and whatever the LLM writes is
// checked as if the LLM had obeyed an injection: the checks, not the model,
// keep the facts intact. A draft is a suggestion a human sends.
//
// The LLM is an interface (LLM) defined here; infra/llm adapts go-openai to it.
package prompts
