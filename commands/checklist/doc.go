// Package checklist is the chat adapter of the due-diligence checklist
// (advisor/checklist):
//
//	checklist                         the checklist by dimension (清单, 检查清单)
//	checklist hardware                one dimension (硬件, 网络, 计费, 运维, 安全, 试用, 合同)
//	checklist hw.gpu_model            one item
//	checklist check <pasted text>     gap analysis of what sales said (检查, 核对)
//	checklist check vendor=酷算云 <text>  the same, naming the vendor for the draft e-mail
//
// The pasted text is read raw from the command line (it may hold "=", quotes
// and line breaks), or from the CLI's --file when nothing follows "check".
// It must not be empty and must be at most MaxTextBytes.
package checklist
