"""Tiny CenterNet-style tile localiser (class-agnostic), ~0.2 M parameters.

Input: image float32 [N,3,S,S], RGB scaled to 0..1 (pixel / 255), letterboxed (longest side -> S,
pad right/bottom with 114/255). Outputs at stride 4 (S/4 x S/4 cells):
  heatmap [N,1,S/4,S/4]  tile-centre probability (sigmoid applied)
  size    [N,2,S/4,S/4]  box width, height in input pixels
  offset  [N,2,S/4,S/4]  sub-cell centre offset: centre_x = (col + offset_x) * 4, centre_y = (row + offset_y) * 4
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

STRIDE = 4
SIZE_BASE = 16.0  # size = exp(raw) * SIZE_BASE, so a raw output of 0 means a 16 px box


class DS(nn.Module):
    """Depthwise-separable conv block: 3x3 depthwise (+bias) + ReLU, 1x1 pointwise + BN + ReLU.
    (No BN after the depthwise conv: BatchNorm dominated CPU training time.)"""

    def __init__(self, cin, cout, stride=1, dilation=1):
        super().__init__()
        self.dw = nn.Conv2d(cin, cin, 3, stride, padding=dilation, dilation=dilation, groups=cin, bias=True)
        self.pw = nn.Conv2d(cin, cout, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.res = stride == 1 and cin == cout

    def forward(self, x):
        y = F.relu(self.dw(x))
        y = F.relu(self.bn2(self.pw(y)))
        return x + y if self.res else y


def conv_bn(cin, cout, k=1, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride, k // 2, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class TileLocalizer(nn.Module):
    def __init__(self, w=(16, 32, 64, 96, 128), neck=48, head=32):
        super().__init__()
        self.stem = conv_bn(3, w[0], 3, 2)                                   # /2
        self.s4 = nn.Sequential(DS(w[0], w[1], 2), DS(w[1], w[1]))            # /4
        self.s8 = nn.Sequential(DS(w[1], w[2], 2), DS(w[2], w[2]))            # /8
        self.s16 = nn.Sequential(DS(w[2], w[3], 2), DS(w[3], w[3]), DS(w[3], w[3], dilation=2))  # /16
        self.s32 = nn.Sequential(DS(w[3], w[4], 2), DS(w[4], w[4]), DS(w[4], w[4], dilation=2))  # /32
        self.lat32 = conv_bn(w[4], 64)
        self.lat16 = conv_bn(w[3], 64)
        self.top16 = DS(64, 64)
        self.lat8 = conv_bn(w[2], neck)
        self.red16 = conv_bn(64, neck)
        self.top8 = DS(neck, neck)
        self.lat4 = conv_bn(w[1], neck)
        self.top4 = DS(neck, head)
        self.head = DS(head, head)
        self.out = nn.Conv2d(head, 5, 1)
        nn.init.zeros_(self.out.weight)
        with torch.no_grad():
            self.out.bias.zero_()
            self.out.bias[0] = -math.log((1 - 0.01) / 0.01)  # heatmap prior 0.01

    def forward(self, x):
        x = self.stem(x)
        c4 = self.s4(x)
        c8 = self.s8(c4)
        c16 = self.s16(c8)
        c32 = self.s32(c16)
        p = F.interpolate(self.lat32(c32), scale_factor=2.0, mode='nearest') + self.lat16(c16)
        p = self.top16(p)
        p = F.interpolate(self.red16(p), scale_factor=2.0, mode='nearest') + self.lat8(c8)
        p = self.top8(p)
        p = F.interpolate(p, scale_factor=2.0, mode='nearest') + self.lat4(c4)
        p = self.head(self.top4(p))
        o = self.out(p)
        return o  # raw: [hm_logit, log_w, log_h, off_x, off_y]


class ExportWrapper(nn.Module):
    """What goes into ONNX: applies sigmoid to the heatmap and exp to the sizes."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, image):
        o = self.net(image)
        heatmap = torch.sigmoid(o[:, 0:1])
        size = torch.exp(o[:, 1:3]) * SIZE_BASE
        offset = o[:, 3:5]
        return heatmap, size, offset


def decode(heatmap, size, offset, threshold=0.3, max_det=300):
    """heatmap [1,H,W], size [2,H,W], offset [2,H,W] (torch, one image) -> boxes [K,4] x0y0x1y1, scores [K]."""
    hm = heatmap[None]
    peak = (F.max_pool2d(hm, 3, 1, 1) == hm)[0, 0] & (heatmap[0] >= threshold)
    ys, xs = torch.nonzero(peak, as_tuple=True)
    scores = heatmap[0, ys, xs]
    order = torch.argsort(scores, descending=True)[:max_det]
    ys, xs, scores = ys[order], xs[order], scores[order]
    cx = (xs.float() + offset[0, ys, xs]) * STRIDE
    cy = (ys.float() + offset[1, ys, xs]) * STRIDE
    w, h = size[0, ys, xs], size[1, ys, xs]
    boxes = torch.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], 1)
    return boxes, scores
