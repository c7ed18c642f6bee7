// Package checklist is the due-diligence checklist of docs/checklist.md as
// data, and the matcher that reads what a vendor's sales said against it
// like a careful buyer.
//
// Items returns the 46 items (hardware, network, billing, operations,
// security, trial tests, contract), each with its name, question, why it
// matters and what a concrete answer looks like, in Chinese and English. They
// live in the embedded checklist.json with the terms that match them and
// their traps, decoded once and checked row by row.
//
// Check reads pasted sales text (Chinese, English or both; bullet lists,
// e-mails with quoted replies and signatures) and gives every item exactly
// one status, with the phrase that decided it and why:
//
//   - covered: a clear and acceptable answer, with the number, model or
//     commitment that makes it checkable ("A100 80G SXM4", "NVLink 600GB/s",
//     "7x24, 15分钟响应");
//   - risk: a clear answer that is a known trap ("没有NVLink", "business hours
//     only", "关机照常计费", "逻辑删除", "not yet ISO 27001 certified");
//   - vague: the topic is touched without what makes it checkable, or the
//     answer is hedged ("原则上", "视情况", "best effort", "where possible");
//   - missing: nothing in the text touches the topic: a question to send,
//     not a failure.
//
// Negation decides the reading ("没有等保三级" is a risk, "非翻新" is not),
// quoted lines and the part after a reply header or signature separator
// claim nothing, and units are read as people write them (Gb/s, Gbps, Tbps,
// 400G, 200Gb HDR, NDR). It also finds the red-flag phrases (高配, 同等配置,
// 高速互联 without NVLink/IB, 万兆 without a test, 7x24 without a response
// time, 免费 without a quota, 不限 without a bandwidth, 按需 without a
// billing granularity, verbal promises), lists the follow-up questions and
// gives a verdict by a stated rule (VerdictRule).
//
// Matching is deterministic and pure: standard library only, no I/O.
package checklist
