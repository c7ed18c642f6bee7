// Package checklist is the due-diligence checklist of docs/checklist.md as data,
// and the gap matcher that reads what a vendor's sales said against it.
//
// Items returns the 42 items (hardware, network, billing, operations,
// security, trial tests, contract), each with its question, why it matters
// and what a concrete answer looks like, in Chinese and English.
//
// Check reads pasted sales text (Chinese, English or both) and decides, per
// item, covered, vague or missing, with the phrase that decided it:
//
//   - missing: no sentence touches the item's topic (synonyms in both
//     languages: "NVLink", "卡间互联", "interconnect", ...);
//   - vague: the topic is touched but without the specifics a concrete answer
//     has (numbers with units, a named model or form factor, a measurement),
//     or the specifics are hedged ("视情况", "best effort", ...);
//   - covered: a sentence near the topic carries those specifics: "A100 80G
//     SXM4" rather than "A100", "NVLink 600GB/s" rather than "NVLink",
//     "7x24, 15分钟响应" rather than "7x24 support".
//
// It also finds the red-flag phrases of docs/checklist.md (高配, 同等配置, 高速互联
// without NVLink/IB, 万兆 without a test, 7x24 without a response time, 免费
// without a quota, 按需 without a billing granularity, verbal promises),
// scores each dimension, lists the follow-up questions for every vague or
// missing item and gives a verdict by a stated rule (see VerdictRule).
//
// Matching is deterministic and pure: standard library only, no I/O.
package checklist
