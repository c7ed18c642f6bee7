// Package renewal is the `renewal` (续约) chat command: a team stores the GPU
// contracts that renew, lists and removes them, records actual usage, and
// gets reminded before each notice deadline (the reminder engine in remind/
// posts the reply built by Reminder).
//
//	renewal add vendor=酷算云 gpu=A100-80G cards=8 mode=monthly price=15000 renews=2027-03-01 notice=30d
//	续约 添加 供应商=酷算云 显卡=A100-80G 卡数=8 方式=包月 价格=15000 续约日=2027-03-01 通知期=30天
//	renewal list | renewal remove <id> | renewal usage <id> hours=310 [ondemand=35]
//	renewal new <the command a "Remind me before renewal" button came from>
//
// Every renewal belongs to the request's tenant (platform plus workspace):
// a team sees and removes only its own. The rules (deadline, due days,
// keep-or-switch) are in advisor/renewal; this package parses, stores and
// words them.
package renewal
