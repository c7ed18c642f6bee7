package store

import (
	"errors"
	"fmt"
	"strings"
)

// ErrEmptyFile is wrapped by the damage of a store file that is empty (0
// bytes): a copy or a move that failed, refused rather than taken for a new
// store.
var ErrEmptyFile = errors.New("empty (0 bytes), not a store file: a copy or a move that failed?")

// Problem is what stands between a store and its data, as far as the
// adapter could tell: each says something different to do.
type Problem string

// The problems adapters name (FaultError.Problem).
const (
	// ReadOnly: the file (or its directory) may not be written, or read,
	// by the user the process runs as, or its file system is read-only.
	ReadOnly Problem = "read_only"
	// DiskFull: no space is left where the file is.
	DiskFull Problem = "disk_full"
	// Locked: another process holds the file.
	Locked Problem = "locked"
	// NoDirectory: the file's directory does not exist.
	NoDirectory Problem = "no_directory"
	// Timeout: the store did not answer in time; retrying can help.
	Timeout Problem = "timeout"
	// Throttled: the store refused for now (DynamoDB's throughput);
	// retrying can help.
	Throttled Problem = "throttled"
	// Denied: the store refused these credentials (DynamoDB's IAM).
	Denied Problem = "denied"
	// NoTable: the DynamoDB table does not exist.
	NoTable Problem = "no_table"
)

// FaultError is a store failure whose cause the adapter found out: what it
// is, where, and the facts that say what to do (who owns the file, how
// much space is free, which process holds it).
type FaultError struct {
	Problem Problem
	// Path is the file (or DynamoDB table) it is about.
	Path string
	// Owner and Mode describe the file for ReadOnly: "alice (uid 1001)",
	// "-rw-------"; User is who the process runs as, Need what it lacks
	// ("write" or "read"); FileSystemRO marks a read-only mount.
	Owner, Mode, User, Need string
	FileSystemRO            bool
	// Free is the space left for DiskFull, in bytes; -1 when unknown.
	Free int64
	// Holder names the process holding the file for Locked:
	// "gpuadvisor serve, pid 4242"; "" when unknown.
	Holder string
	// Err is the cause.
	Err error
}

func (e *FaultError) Error() string {
	return e.Explain("en") + " (" + e.Err.Error() + ")"
}

func (e *FaultError) Unwrap() error { return e.Err }

// Retryable reports whether trying again later can help.
func (e *FaultError) Retryable() bool { return e.Problem == Timeout || e.Problem == Throttled }

// Explain says what is wrong and what to do, in lang ("zh" or "en").
func (e *FaultError) Explain(lang string) string {
	zh := lang == "zh"
	t := func(en, cn string) string {
		if zh {
			return cn
		}
		return en
	}
	switch e.Problem {
	case ReadOnly:
		if e.FileSystemRO {
			return fmt.Sprintf(t("the store file %s is on a read-only file system: remount it read-write, or give --db a file elsewhere",
				"存储文件 %s 所在的文件系统是只读的：请以读写方式重新挂载，或用 --db 指定别处的文件"), e.Path)
		}
		need := t("write", "写入")
		if e.Need == "read" {
			need = t("read", "读取")
		}
		return fmt.Sprintf(t("the store file %s belongs to %s (permissions %s) and %s may not %s it: run as its owner, give yourself that permission (chmod or chown), or give --db a file of your own",
			"存储文件 %s 属于 %s（权限 %s），%s 无权%s：请以其所有者身份运行，给自己加上该权限（chmod 或 chown），或用 --db 指定你自己的文件"),
			e.Path, or(e.Owner, "?"), or(e.Mode, "?"), or(e.User, t("this process", "当前进程")), need)
	case DiskFull:
		free := t("unknown", "未知")
		if e.Free >= 0 {
			free = Bytes(e.Free)
		}
		return fmt.Sprintf(t("the disk holding the store file %s is full (%s free): free some space, then try again",
			"存储文件 %s 所在的磁盘已满（剩余 %s）：请先清理出空间，再重试"), e.Path, free)
	case Locked:
		who := or(e.Holder, t("another process", "另一个进程"))
		return fmt.Sprintf(t("the store file %s is in use by %s: stop it first, or give --db another file",
			"存储文件 %s 正被 %s 使用：请先停止它，或用 --db 指定另一个文件"), e.Path, who)
	case NoDirectory:
		dir := e.Path
		if i := strings.LastIndexAny(dir, `/\`); i > 0 {
			dir = dir[:i]
		}
		return fmt.Sprintf(t("the directory %s of the store file %s does not exist: create it (mkdir -p %s), or give --db another file",
			"存储文件 %[2]s 所在的目录 %[1]s 不存在：请先创建它（mkdir -p %[1]s），或用 --db 指定另一个文件"), dir, e.Path, dir)
	case Timeout:
		return fmt.Sprintf(t("the store %s did not answer in time: try again in a moment", "存储 %s 没有及时响应：请稍后重试"), e.Path)
	case Throttled:
		return fmt.Sprintf(t("the table %s is throttling requests (its throughput is used up): try again in a moment",
			"数据表 %s 正在限流（吞吐量已用尽）：请稍后重试"), e.Path)
	case Denied:
		return fmt.Sprintf(t("the table %s refused this function's credentials: its IAM role needs access to the table (the operators see which action in the log)",
			"数据表 %s 拒绝了本函数的凭证：它的 IAM 角色需要该表的访问权限（运维人员可在日志中看到是哪个操作）"), e.Path)
	case NoTable:
		return fmt.Sprintf(t("the table %s does not exist: deploy the stack again, or set TABLE_NAME to the right table",
			"数据表 %s 不存在：请重新部署，或把 TABLE_NAME 设为正确的表"), e.Path)
	}
	return fmt.Sprintf(t("the store %s failed", "存储 %s 出错"), e.Path)
}

func or(s, dflt string) string {
	if s == "" {
		return dflt
	}
	return s
}

// Bytes writes n bytes for people: 0 B, 512 B, 3.2 MiB, 1.5 GiB.
func Bytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, i := float64(n), 0
	for f >= unit && i < 4 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %ciB", f, "KMGT"[i-1])
}

// Explanation is what to tell a user about a store failure.
type Explanation struct {
	// Message says what is wrong and what to do, in the user's language.
	Message string
	// Retry: trying again later can help (say so); false means it cannot.
	Retry bool
	// Known: the adapter found the cause; false leaves Message empty.
	Known bool
}

// Explain turns a store error into what the user is told, in lang ("zh"
// or "en"): a *FaultError's cause, a damaged file (Damage), a record that
// does not decode (*UnreadableError). Any other error is not Known.
func Explain(err error, lang string) Explanation {
	zh := lang == "zh"
	var fe *FaultError
	if errors.As(err, &fe) {
		return Explanation{Message: fe.Explain(lang), Retry: fe.Retryable(), Known: true}
	}
	var dmg Damage
	if errors.As(err, &dmg) {
		f := dmg.File()
		why := errors.Unwrap(dmg)
		if zh && errors.Is(err, ErrEmptyFile) {
			why = errors.New("空文件（0 字节），不是存储文件：多半是复制或移动没有完成")
		}
		msg := fmt.Sprintf("the store file %s is damaged (%v): restore a backup over it, or move it aside (mv %s %s.damaged) to start with an empty store; `gpuadvisor store check` says what is wrong and `gpuadvisor store salvage NEW_FILE` keeps what can be read",
			f, why, f, f)
		if zh {
			msg = fmt.Sprintf("存储文件 %s 已损坏（%v）：请用备份覆盖它，或把它移开（mv %s %s.damaged）后以空存储重新开始；`gpuadvisor store check` 会说明问题，`gpuadvisor store salvage 新文件` 可保留能读出的记录",
				f, why, f, f)
		}
		return Explanation{Message: msg, Known: true}
	}
	var bad *UnreadableError
	if errors.As(err, &bad) {
		one, _, cn := nouns(bad.Bucket)
		fix := "the operators find its key and why in the log"
		fixZH := "运维人员可在日志中看到它的键和原因"
		if bad.File != "" {
			fix = "run `gpuadvisor store check` (and `gpuadvisor store salvage NEW_FILE` to keep every readable record)"
			fixZH = "请运行 `gpuadvisor store check`（再用 `gpuadvisor store salvage 新文件` 保留所有能读出的记录）"
		}
		msg := fmt.Sprintf("the stored %s %s could not be read: %s", one, bad.Key, fix)
		if zh {
			msg = fmt.Sprintf("存储的%s %s 无法读取：%s", cn, bad.Key, fixZH)
		}
		return Explanation{Message: msg, Known: true}
	}
	return Explanation{}
}
