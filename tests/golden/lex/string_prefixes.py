plain = ['single', "double", '', ""]
prefixed = [r'raw\d', u'unicode', b'bytes', br'both', rb'both', R'R', U'U', B'B', Br'x', bR'x', RB'x', rB'x']
formatted = [f'x', F'x', fr'x', rf'x', Fr'x', fR'x', RF'x', rF'x']
triple = ['''single
triple''', """double
triple""", b'''bytes''', r"""raw \d"""]
escapes = ['it\'s', "say \"hi\"", 'back\\slash', r'\'', r"\\", '\N{BULLET}', 'tab\tend']
quotes = ['say "hi"', "it's", '''it''s''', """a "quoted" word"""]
continued = 'first half \
second half'
not_prefixes = ub'x', bf'y'
