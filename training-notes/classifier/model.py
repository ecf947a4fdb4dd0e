"""The tile crop classifier network (shared by train.py and export.py)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from crop_size import H, W  # noqa: F401  (64x48, or TILENET_INPUT=96x72: round 12)
MEAN, STD = 0.5, 0.25  # RGB pixel/255 -> (p - MEAN) / STD
NC = 38
EMB = 128


def conv_bn(cin, cout, stride):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


def mixstyle(x, alpha=0.1, eps=1e-6):
    """MixStyle (Zhou et al., ICLR 2021): a crop's per-channel feature mean and standard deviation, which carry its
    style (ink colour, contrast, paper), replaced by a random mix of its own and another crop's of the batch, so that
    the network learns to read tiles whatever those statistics are. x: N,C,H,W."""
    n = x.shape[0]
    mu = x.mean(dim=(2, 3), keepdim=True)
    sig = (x.var(dim=(2, 3), keepdim=True) + eps).sqrt()
    mu, sig = mu.detach(), sig.detach()
    lam = torch.distributions.Beta(alpha, alpha).sample((n, 1, 1, 1))
    perm = torch.randperm(n)
    return (x - mu) / sig * (sig * lam + sig[perm] * (1 - lam)) + (mu * lam + mu[perm] * (1 - lam))


class TileNet(nn.Module):
    """HxW RGB crop (64x48; 96x72 in round 12) -> (logits [N,38], embedding [N,128] L2-normalised). A plain VGG-style stack of 3x3 convs
    (fastest per FLOP on this CPU; depthwise convs were slower here). ~30 M multiply-adds per crop.
    The head is a cosine classifier: logits = scale * cos(embedding, class weight), so the class weights live in the
    same space as the embedding and a player's confirmed tiles can be used as extra prototypes."""

    def __init__(self, width=1.0, emb=EMB, nc=NC):
        super().__init__()
        c = [int(round(v * width)) for v in (24, 32, 64, 128, 256)]
        self.features = nn.Sequential(
            conv_bn(3, c[0], 2),  # 32x24
            conv_bn(c[0], c[1], 1),
            conv_bn(c[1], c[2], 2),  # 16x12
            conv_bn(c[2], c[2], 1),
            conv_bn(c[2], c[3], 2),  # 8x6
            conv_bn(c[3], c[3], 1),
            conv_bn(c[3], c[4], 2),  # 4x3
        )
        self.drop = nn.Dropout(0.1)
        self.fc = nn.Linear(c[4], emb)
        self.weight = nn.Parameter(torch.randn(nc, emb) * 0.1)
        self.scale = 16.0

    # Round 8b (training only; eval mode and the exported graph never mix): MixStyle, the feature statistics of
    # each crop after these layers mixed with another crop's of the batch with probability mixstyle_p.
    mixstyle_p = 0.0
    MIXSTYLE_AFTER = (1, 3)

    def forward(self, x):
        if self.training and self.mixstyle_p > 0:
            for i, layer in enumerate(self.features):
                x = layer(x)
                if i in self.MIXSTYLE_AFTER and torch.rand(1).item() < self.mixstyle_p:
                    x = mixstyle(x)
        else:
            x = self.features(x)
        x = x.mean(dim=(2, 3))
        e = F.normalize(self.fc(self.drop(x)), dim=1)
        logits = self.scale * e @ F.normalize(self.weight, dim=1).t()
        return logits, e


class TileNetEnsemble(nn.Module):
    """Round 8: several TileNets read as one (same input and outputs, so the app needs no change): logits averaged,
    embeddings averaged and re-normalised (the members are fine-tunes of one model, so their embedding spaces line up)."""

    def __init__(self, members):
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, x):
        outs = [m(x) for m in self.members]
        logits = torch.stack([o[0] for o in outs]).mean(0)
        e = F.normalize(torch.stack([o[1] for o in outs]).mean(0), dim=1)
        return logits, e


def none_logit(tile_logits, s, t):
    """Rounds 9c / 9d: the 39th logit that makes softmax(logits / t) give P(none) = sigmoid(s) without changing the
    tile classes' relative probabilities: t * (s + logsumexp(tile_logits / t))."""
    return t * (s + torch.logsumexp(tile_logits / t, dim=1, keepdim=True))


class NoneHead(nn.Module):
    """Round 9c: "not a tile" read from the frozen network's pooled features (256 -> 64 -> 1): a logit s with
    P(none) = sigmoid(s)."""

    def __init__(self, cin=256, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(cin, hidden), nn.ReLU(inplace=True), nn.Linear(hidden, 1))

    def forward(self, f):
        return self.net(f)


class TileNetWithNoneHead(nn.Module):
    """Round 9c: a TileNet (eval mode, unchanged) plus a NoneHead, read as one 39-class head: the 38 tile logits as
    they are, then z_none = T * (s + logsumexp(z / T)), so that softmax(logits / T) gives P(none) = sigmoid(s) and
    leaves the tile classes' relative probabilities alone."""

    def __init__(self, base, head, temperature):
        super().__init__()
        self.base, self.head, self.temperature = base, head, float(temperature)
        self.scale = base.scale

    def features(self, x):
        return self.base.features(x).mean(dim=(2, 3))

    def forward(self, x):
        f = self.features(x)
        e = F.normalize(self.base.fc(f), dim=1)  # the base's dropout is off in eval mode
        logits = self.base.scale * e @ F.normalize(self.base.weight, dim=1).t()
        return torch.cat([logits, none_logit(logits, self.head(f), self.temperature)], dim=1), e


class CompositeNoneHead(nn.Module):
    """Round 9d: the tile logits and embedding of one TileNet (the committed one, unchanged) and "not a tile" from
    another, a 39-class TileNet (round 9b): its P(none) at temperature T, put back as the 39th logit of the first, so
    that softmax(logits / T) gives the second network's P(none) and the first network's tile probabilities."""

    def __init__(self, base, none_net, temperature):
        super().__init__()
        self.base, self.none_net, self.temperature = base, none_net, float(temperature)
        self.scale = base.scale

    def forward(self, x):
        logits, e = self.base(x)
        t = self.temperature
        z = self.none_net(x)[0] / t
        s = z[:, -1:] - torch.logsumexp(z[:, :-1], dim=1, keepdim=True)  # logit of the second network's P(none)
        return torch.cat([logits, none_logit(logits, s, t)], dim=1), e


class OrientHead(nn.Module):
    """Session 19 (orient_head.py, add_orient_output.py): a logit "this crop is turned 180 degrees" read from a
    TileNet's middle feature maps F (c x h x w), antisymmetric by construction: turned(F) = g(F) - g(rot180 F), where
    g is a 1x1 convolution to k channels, ReLU, and a hidden layer of `hidden` (0: none) before the logit."""

    def __init__(self, c=128, k=16, h=8, w=6, hidden=0):
        super().__init__()
        self.reduce = nn.Conv2d(c, k, 1)
        self.fc = nn.Sequential(nn.Linear(k * h * w, hidden), nn.ReLU(), nn.Linear(hidden, 1)) if hidden else nn.Linear(k * h * w, 1)

    def g(self, f):
        return self.fc(torch.relu(self.reduce(f)).flatten(1)).squeeze(1)

    def forward(self, f):
        return self.g(f) - self.g(torch.flip(f, dims=(2, 3)))


# ------------------------------------------------------------------------------------------- round 13: a pretrained backbone
def _same_pad(size):
    """Keras / TensorFlow "same" padding of a 3x3 stride-2 layer along one axis of `size` pixels: (before, after).
    The pretrained weights were learned with it (an even size is padded on the far side only), so it is kept."""
    return (0, 1) if size % 2 == 0 else (1, 1)


def _bn(c):
    return nn.BatchNorm2d(c, eps=1e-3)  # Keras' epsilon, as the pretrained statistics were measured with


class InvertedResidual(nn.Module):
    """MobileNetV2's block (Sandler et al. 2018): 1x1 expansion (t > 1), 3x3 depthwise, linear 1x1 projection."""

    def __init__(self, cin, cout, stride, t, size):
        super().__init__()
        hid = cin * t
        self.expand = nn.Sequential(nn.Conv2d(cin, hid, 1, bias=False), _bn(hid), nn.ReLU6(inplace=True)) if t != 1 else nn.Identity()
        pad = (0, 0, 0, 0)
        if stride == 2:
            (t0, b0), (l0, r0) = _same_pad(size[0]), _same_pad(size[1])
            pad = (l0, r0, t0, b0)
        self.pad = pad
        self.depthwise = nn.Sequential(nn.Conv2d(hid, hid, 3, stride, 1 if stride == 1 else 0, groups=hid, bias=False),
                                       _bn(hid), nn.ReLU6(inplace=True))
        self.project = nn.Sequential(nn.Conv2d(hid, cout, 1, bias=False), _bn(cout))
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.expand(x)
        if self.pad != (0, 0, 0, 0):
            y = F.pad(y, self.pad)
        y = self.project(self.depthwise(y))
        return x + y if self.residual else y


# (expansion t, channels, repeats, first stride): MobileNetV2 1.0 as Keras builds it
MNV2_BLOCKS = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]


class MobileTileNet(nn.Module):
    """Round 13: MobileNetV2 (alpha 1.0) started from pretrained weights (pretrained.py: the ImageNet backbone shipped
    inside the npm package nsfwjs), with TileNet's head: global average pool, 1280 -> 128 embedding, cosine classifier.
    Same inputs (crops normalised (p - 0.5) / 0.25) and outputs (logits, L2-normalised embedding) as TileNet, so
    train.py, the evaluation scripts, export.py and the app need no other change. `upsample` reads the crop enlarged
    by that factor (the pretrained filters saw objects larger than a 64x48 tile face)."""

    arch = "mnv2"

    def __init__(self, emb=EMB, nc=NC, upsample=1.0):
        super().__init__()
        self.upsample = float(upsample)
        size = [int(round(H * self.upsample)), int(round(W * self.upsample))]
        (t0, b0), (l0, r0) = _same_pad(size[0]), _same_pad(size[1])
        self.stem_pad = (l0, r0, t0, b0)
        self.stem = nn.Sequential(nn.Conv2d(3, 32, 3, 2, 0, bias=False), _bn(32), nn.ReLU6(inplace=True))
        size = [(s + 1) // 2 for s in size]
        blocks, cin = [], 32
        for t, c, n, s in MNV2_BLOCKS:
            for i in range(n):
                stride = s if i == 0 else 1
                blocks.append(InvertedResidual(cin, c, stride, t, size))
                if stride == 2:
                    size = [(v + 1) // 2 for v in size]
                cin = c
        self.blocks = nn.Sequential(*blocks)
        self.last = nn.Sequential(nn.Conv2d(320, 1280, 1, bias=False), _bn(1280), nn.ReLU6(inplace=True))
        self.drop = nn.Dropout(0.1)
        self.fc = nn.Linear(1280, emb)
        self.weight = nn.Parameter(torch.randn(nc, emb) * 0.1)
        self.scale = 16.0

    mixstyle_p = 0.0  # train.py sets it; not used by this network

    def middle(self, x, split):
        """The feature map after the first `split` inverted-residual blocks (the orientation head reads it: 6 gives
        32 x 8 x 6 for a 64 x 48 crop, as TileNet's features[:5] gives 128 x 8 x 6)."""
        x = x * (STD / 0.5)  # TileNet's input scale -> Keras' [-1, 1]
        if self.upsample != 1.0:
            x = F.interpolate(x, scale_factor=self.upsample, mode="bilinear", align_corners=False)
        return self.blocks[:split](self.stem(F.pad(x, self.stem_pad)))

    def forward(self, x):
        x = self.last(self.middle(x, len(self.blocks))).mean(dim=(2, 3))
        e = F.normalize(self.fc(self.drop(x)), dim=1)
        logits = self.scale * e @ F.normalize(self.weight, dim=1).t()
        return logits, e


def middle_features(net, split):
    """x -> the network's middle feature map for the orientation head: TileNet's features[:split], MobileTileNet's
    first `split` blocks."""
    if isinstance(net, MobileTileNet):
        return lambda x: net.middle(x, split)
    return net.features[:split]



def network_for(args, nc=NC):
    """The network a checkpoint's `args` describe (train.py saves them): round 13's MobileTileNet for arch "mnv2", else
    a TileNet at its width. train.py builds its warm start with it and crop_shards.load_checkpoint every checkpoint."""
    args = args if isinstance(args, dict) else {}
    if args.get("arch") == "mnv2":
        return MobileTileNet(nc=nc, upsample=args.get("upsample", 1.0))
    return TileNet(args.get("width", 1.0), nc=nc)
