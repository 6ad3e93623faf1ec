"""The impact of new or changed golden cases on a class that scripts/mark
marked (`scripts/add-case --impact CLASSDIR`, `scripts/bless --impact
CLASSDIR`): each submission's program, as it was built there, run in the
sandbox on those cases alone; the marks before and after by the class's
scheme; the submissions that crash or hang; CLASSDIR/impact.tsv; and the
catalogued faults the cases catch that no case caught before.

    record    the class folder read: its scheme, cases, verdicts, programs
    runs      the programs run on the cases (check-engine's workers)
    assess    marks before and after, impact.tsv, the words printed
    faults    the catalogue's faults run on the cases, against adequacy's table
    flow      the steps in order, for add-case and bless
    bench     make bench's row: one new case on a class of 300
"""
