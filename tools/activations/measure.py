#!/usr/bin/env python3
"""Measure the activations one Llama-style decoder layer keeps for its backward pass.

Builds one layer the way Hugging Face transformers' LlamaDecoderLayer does with
eager attention (attn_implementation="eager"): RMSNorm computed in fp32 and cast
back, q/k/v projections, rotary embeddings, K and V repeated to every query head
(GQA), scores softmaxed in fp32 and cast back to bf16, dropout 0, o-projection, a
second RMSNorm and a SwiGLU MLP, both with residual connections. Weights and
inputs are bf16, no recomputation.

torch.autograd.graph.saved_tensors_hooks sees every tensor autograd saves during
the forward pass; the bytes of their distinct storages, parameters excluded, are
what the layer keeps. The rotary cos/sin tables, which the model computes once
and every layer shares, are reported apart.

Usage:  /usr/bin/python3 tools/activations/measure.py > advisor/sizing/testdata/eager_activations.json
Needs PyTorch (Debian: apt-get install python3-torch, for the system's /usr/bin/python3);
runs on the CPU in a few minutes and about 3 GB of memory.
"""

import json
import sys

import torch

# Shapes measured: real models' layer dimensions.
SHAPES = [
    # name, hidden, heads, kv_heads, head_dim, ffn, seq, batch
    ("llama-3.1-8b", 4096, 32, 8, 128, 14336, 2048, 1),
    ("qwen2.5-7b", 3584, 28, 4, 128, 18944, 1024, 2),
    ("llama-3.2-1b", 2048, 32, 8, 64, 8192, 3072, 1),
]

DTYPE = torch.bfloat16


class RMSNorm(torch.nn.Module):
    """transformers' LlamaRMSNorm: the variance in fp32, the weight on the cast-back value."""

    def __init__(self, h, eps=1e-5):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(h, dtype=DTYPE))
        self.eps = eps

    def forward(self, x):
        dtype = x.dtype
        x = x.to(torch.float32)
        var = x.pow(2).mean(-1, keepdim=True)
        x = x * torch.rsqrt(var + self.eps)
        return self.weight * x.to(dtype)


def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


def repeat_kv(x, n):
    b, kv, s, d = x.shape
    if n == 1:
        return x
    return x[:, :, None, :, :].expand(b, kv, n, s, d).reshape(b, kv * n, s, d)


class Layer(torch.nn.Module):
    def __init__(self, h, a, kv, d, f):
        super().__init__()
        self.a, self.kv, self.d = a, kv, d
        lin = lambda i, o: torch.nn.Linear(i, o, bias=False, dtype=DTYPE)
        self.input_layernorm, self.post_attention_layernorm = RMSNorm(h), RMSNorm(h)
        self.q_proj, self.k_proj, self.v_proj = lin(h, a * d), lin(h, kv * d), lin(h, kv * d)
        self.o_proj = lin(a * d, h)
        self.gate_proj, self.up_proj, self.down_proj = lin(h, f), lin(h, f), lin(f, h)

    def forward(self, x, cos, sin, mask):
        b, s, _ = x.shape
        r = x
        x = self.input_layernorm(x)
        q = self.q_proj(x).view(b, s, self.a, self.d).transpose(1, 2)
        k = self.k_proj(x).view(b, s, self.kv, self.d).transpose(1, 2)
        v = self.v_proj(x).view(b, s, self.kv, self.d).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        k, v = repeat_kv(k, self.a // self.kv), repeat_kv(v, self.a // self.kv)
        w = torch.matmul(q, k.transpose(2, 3)) * self.d**-0.5
        w = w + mask
        w = torch.nn.functional.softmax(w, dim=-1, dtype=torch.float32).to(q.dtype)
        w = torch.nn.functional.dropout(w, p=0.0, training=True)
        o = torch.matmul(w, v).transpose(1, 2).reshape(b, s, self.a * self.d)
        x = r + self.o_proj(o)
        r = x
        x = self.post_attention_layernorm(x)
        x = self.down_proj(torch.nn.functional.silu(self.gate_proj(x)) * self.up_proj(x))
        return r + x


def storage(t):
    """The pointer and size in bytes of t's storage (PyTorch 1.13 to 2.x)."""
    if hasattr(t, "untyped_storage"):
        st = t.untyped_storage()
        return st.data_ptr(), st.nbytes()
    st = t.storage()
    return st.data_ptr(), st.size() * st.element_size()


def measure(h, a, kv, d, f, s, b):
    torch.manual_seed(0)
    layer = Layer(h, a, kv, d, f)
    params = {storage(p)[0] for p in layer.parameters()}
    pos = torch.arange(s, dtype=torch.float32)
    inv = 1.0 / (500000.0 ** (torch.arange(0, d, 2, dtype=torch.float32) / d))
    emb = torch.cat((torch.outer(pos, inv),) * 2, dim=-1)
    cos, sin = emb.cos().to(DTYPE)[None, None], emb.sin().to(DTYPE)[None, None]
    shared = {storage(cos)[0], storage(sin)[0]}
    mask = torch.full((s, s), float("-inf"), dtype=DTYPE).triu(1)[None, None]
    x = torch.randn(b, s, h, dtype=DTYPE, requires_grad=True)
    seen = {}

    def pack(t):
        ptr, n = storage(t)
        seen[ptr] = n
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        y = layer(x, cos, sin, mask)
    kept = sum(n for p, n in seen.items() if p not in params and p not in shared)
    rope = sum(n for p, n in seen.items() if p in shared)
    y.float().sum().backward()  # the graph is a real one: its backward runs
    return kept, rope


def main():
    rows = []
    for name, h, a, kv, d, f, s, b in SHAPES:
        kept, rope = measure(h, a, kv, d, f, s, b)
        rows.append({"name": name, "hidden": h, "heads": a, "kv_heads": kv, "head_dim": d, "ffn": f,
                     "seq": s, "batch": b, "saved_bytes": kept, "rope_tables_bytes": rope})
        print(f"{name}: {kept:,} bytes saved ({kept / (s * b):,.0f} per token)", file=sys.stderr)
    json.dump({"tool": "tools/activations/measure.py", "torch": torch.__version__,
               "dtype": "bfloat16", "attention": "eager (fp32 softmax)", "recompute": "none",
               "layers": rows}, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
