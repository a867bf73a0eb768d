def f(x):
	if x:
		return 1
	else:
		y = [1,
		     2]
		return y


class A:
	def g(self):
		pass
