result = some_function(
    a,
        b,  # indentation inside brackets does not matter
  c,
)
grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']),
                     1)
table = {
    'a': [1, 2,
          3],

    'b': (4,),
}
if (a and
        b):
    pass
total = 1 + \
    2 + \
        3
values = [x * y
          for x in range(3)
          if x
          for y in range(2)]
