"""feedback -- feedback to every student of a class marked by scripts/mark
(src/mark/README.md, "Feedback to every student"): the class's roster
(src/harness/mark/roster.py, the service's too) against DIR/marks.json, one MIME
e-mail per student written to FBDIR/FOLDER.eml, then sent by SMTP, each
once.

Run as `python3 -m harness.mark.feedback` with src on PYTHONPATH (scripts/feedback
and scripts/mark do). Modules: options (the options, checked before any
work), classlist (who gets an e-mail, who does not and why), failures (a
submission's first failing cases, as its page words them), body (the
text and subject), message (the e-mail, its files), sentlog (sent.tsv),
smtp (the sending), __main__ (the command).
"""
