import torch

x = torch.zeros(4)
