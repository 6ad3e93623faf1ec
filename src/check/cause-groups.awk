# cause-groups.awk -- check-engine's failures grouped (src/check/
# check-groups.bash's failure_groups): the rows of results.tsv that failed,
# as `rank<TAB>count<TAB>group<TAB>categories<TAB>first case` a group, rank
# 0 for a likely cause (the cases `explained`, causes-cases.tsv, under the
# fault's sentence from `causes`, causes.tsv; both read by their headers'
# names), 1 for a symptom (results.tsv's fourth column).

# column(HEADER, NAME): the number of the column NAME in the header line.
function column(header, name,    field, n, i) {
    n = split(header, field, "\t")
    for (i = 1; i <= n; i++) if (field[i] == name) return i
    return 0
}

BEGIN {
    if ((getline line < causes) > 0) {
        c = column(line, "code"); d = column(line, "description")
        while ((getline line < causes) > 0) {
            split(line, field, "\t")
            if (!(field[c] in sentence)) sentence[field[c]] = field[d] " (" field[c] ")"
        }
    }
    if ((getline line < explained) > 0) {
        c = column(line, "code"); k = column(line, "case")
        while ((getline line < explained) > 0) {
            split(line, field, "\t")
            if (!(field[c] in sentence)) continue
            with = (field[k] in cause) ? " with " : ""
            cause[field[k]] = cause[field[k]] with sentence[field[c]]
        }
    }
}

NR > 1 && $3 != "pass" {
    group = $4; rank[group] = 1
    if ($1 in cause) { group = "likely cause: " cause[$1]; rank[group] = 0 }
    if (!(group in count)) { order[++groups] = group; first[group] = $1 }
    count[group]++
    if (index(" " categories[group] " ", " " $2 " ") == 0)
        categories[group] = categories[group] (categories[group] == "" ? "" : " ") $2
}

END {
    for (i = 1; i <= groups; i++)
        print rank[order[i]], count[order[i]], order[i], categories[order[i]], first[order[i]]
}
