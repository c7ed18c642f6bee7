package trial

import (
	"fmt"
	"strings"
)

// disk raises what lsblk and fio show of the disks: a spinning disk
// (ROTA 1) that may hold the training data, and a fio job that failed.
// Nothing is promised of the disk in a trial check, so these are warnings
// and notes, never a mismatch.
func (c *comparer) disk() {
	var spinning, solid []string
	for _, d := range c.f.Disks {
		label := d.Name
		if extra := strings.TrimSpace(d.Size + " " + d.Model); extra != "" {
			label += " (" + extra + ")"
		}
		if d.Rotational {
			spinning = append(spinning, label)
		} else {
			solid = append(solid, d.Name)
		}
	}
	if len(spinning) > 0 {
		c.add("disk_rota", "hw.host", Warn, "", fmt.Sprintf("ROTA 1 × %d", len(spinning)), nil, tf(
			"%s: a spinning hard disk (lsblk ROTA 1); if the training data lives there, data loading, not the card, sets the speed: ask which disk holds /data and for an NVMe data disk",
			"%s：机械硬盘（lsblk 中 ROTA 为 1）；如果训练数据放在上面，速度取决于数据加载而不是显卡：问清 /data 在哪块盘，并要求 NVMe 数据盘",
			strings.Join(spinning, ", ")))
		c.out[len(c.out)-1].Text.ZH = strings.Replace(c.out[len(c.out)-1].Text.ZH, ", ", "、", len(spinning)-1)
	} else if len(solid) > 0 {
		c.add("disk_rota", "hw.host", Info, "", "ROTA 0", nil, tf(
			"no spinning disk: %s (lsblk ROTA 0)", "没有机械硬盘：%s（lsblk 中 ROTA 为 0）", strings.Join(solid, ", ")))
	}
	for _, r := range c.f.Fio {
		if r.Err != 0 {
			c.add("fio_error", "trial.disk", Warn, "0", fmt.Sprint(r.Err), nil, tf(
				"fio job %s ended with err=%d: its numbers are not a measurement; check the file path and free space, then run it again",
				"fio 任务 %s 以 err=%d 结束：它的数字不算测量结果；请检查文件路径和剩余空间后重跑", r.Name, r.Err))
		}
	}
}
