# shellcheck shell=bash
# shellcheck disable=SC2154,SC2034 # scripts/mark's globals: the options, the cases and
# the submissions, set in one of its files and read in another
# class-options.bash -- scripts/mark's options: read (parse_arguments),
# checked with the tools they need (check_arguments), and the cases they
# choose (choose_cases). Sourced by scripts/mark, which sets `here` (its
# own folder) and `root`.

die() { echo "mark: $*" >&2; exit 2; }
need() { [[ $# -ge 2 && -n $2 ]] || die "$1 needs a value"; }

# parse_arguments ARG...: the options into globals.
parse_arguments() {
    program=checkers profile='' compile='' memcheck=1 output=$root/build/mark
    jobs='' check_jobs=1 timeout=10 compile_timeout=60 resume=0 sandbox=1 sshloginfile=''
    remote_repo=$root compare=exact scheme='' manual='' deadline='' submitted='' late_penalty=2
    similarity=0 similarity_threshold='' bases=() extensions='' feedback_args=() old_standards=1
    wanted=() excluded=() submissions=()
    while (($#)); do
        case $1 in
            --help|-h) usage; exit 0 ;;
            --program) need "$@"; program=$2; shift 2 ;;
            --profile) need "$@"; profile=$2; shift 2 ;;
            --compile) need "$@"; compile=$2; shift 2 ;;
            --memcheck) need "$@"; memcheck=$2; shift 2 ;;
            --compare) need "$@"; compare=$2; shift 2 ;;
            --scheme) need "$@"; scheme=$2; shift 2 ;;
            --manual) need "$@"; manual=$2; shift 2 ;;
            --deadline) need "$@"; deadline=$2; shift 2 ;;
            --submitted) need "$@"; submitted=$2; shift 2 ;;
            --extensions) need "$@"; extensions=$2; shift 2 ;;
            --late-penalty) need "$@"; late_penalty=$2; shift 2 ;;
            --similarity) similarity=1; shift ;;
            --similarity-threshold) need "$@"; similarity_threshold=$2; shift 2 ;;
            --base) need "$@"; bases+=("$2"); shift 2 ;;
            --output) need "$@"; output=$2; shift 2 ;;
            --jobs) need "$@"; jobs=$2; shift 2 ;;
            --check-jobs) need "$@"; check_jobs=$2; shift 2 ;;
            --timeout) need "$@"; timeout=$2; shift 2 ;;
            --compile-timeout) need "$@"; compile_timeout=$2; shift 2 ;;
            --category) need "$@"; wanted+=("$2"); shift 2 ;;
            --exclude) need "$@"; excluded+=("$2"); shift 2 ;;
            --resume) resume=1; shift ;;
            --no-sandbox) sandbox=0; shift ;;
            --no-old-standards) old_standards=0; shift ;;
            --sshloginfile) need "$@"; sshloginfile=$2; shift 2 ;;
            --remote-repo) need "$@"; remote_repo=$2; shift 2 ;;
            --roster|--feedback|--feedback-from|--assignment|--failures|--send-feedback|--smtp-user|\
                --smtp-password-file|--smtp-cafile|--smtp-timeout) need "$@"; feedback_args+=("$1" "$2"); shift 2 ;;
            --dry-run) feedback_args+=("$1"); shift ;;
            --) shift; submissions+=("$@"); break ;;
            -?*) echo "mark: unknown option '$1'" >&2; usage >&2; exit 2 ;;
            *) submissions+=("$1"); shift ;;
        esac
    done
}

# check_arguments: the options' values and the tools they need.
check_arguments() {
    ((${#submissions[@]})) || [[ -n $submitted ]] || { usage >&2; exit 2; }
    game_load "$program" || die "--program is $(game_choices)"
    [[ -z $profile || $profile == assignment || $profile == strict ]] || die "--profile is assignment or strict"
    [[ -z $jobs || $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs needs a positive whole number"
    [[ $check_jobs =~ ^[1-9][0-9]*$ ]] || die "--check-jobs needs a positive whole number"
    [[ $memcheck =~ ^[0-9]+$ ]] || die "--memcheck needs a whole number"
    [[ $timeout =~ ^[0-9]*\.?[0-9]+$ ]] || die "--timeout needs a number of seconds"
    [[ $compile_timeout =~ ^[0-9]+$ ]] || die "--compile-timeout needs a whole number of seconds"
    [[ $compare == exact || $compare == whitespace ]] || die "--compare is exact or whitespace"
    [[ $late_penalty =~ ^[0-9]*\.?[0-9]+$ ]] || die "--late-penalty needs a number of marks"
    scheme=${scheme:-$root/src/mark/schemes/$program.tsv}
    local file
    for file in "$scheme" "$manual" "$submitted" "$extensions" "${bases[@]}"; do
        [[ -z $file || -f $file ]] || die "no file '$file'"
    done
    [[ -z $sshloginfile || -f $sshloginfile ]] || die "no sshloginfile '$sshloginfile'"
    "$here/../src/tools/ensure-tools" --check parallel >/dev/null || die "GNU parallel is needed (Debian package: parallel)"
    report_python=$(mark_python) || die "the report needs Python 3 with Jinja2 (Debian package: python3-jinja2)"
    if ((memcheck > 0)); then
        "$here/../src/tools/ensure-tools" --check valgrind >/dev/null ||
            die "--memcheck needs Valgrind (Debian package: valgrind); --memcheck 0 marks without it"
    fi
    if [[ -n $sshloginfile ]]; then
        command -v rsync >/dev/null || die "--sshloginfile needs rsync here and on every machine (Debian package: rsync)"
    fi
    cases=$root/testdata/$program
    if [[ -z $sshloginfile ]]; then
        # shellcheck source=src/sandbox/sandbox.bash
        source "$here/../src/sandbox/sandbox.bash"
        sandbox_build_driver || die "cannot build the sandbox driver (make build/sandbox)"
    fi
    ((${#feedback_args[@]} == 0)) || "$here/feedback" --check "${feedback_args[@]}" || exit 2
}

# choose_cases: the profile (assignment unless given, strict when the
# assignment profile would hold no case) and `ids`, the cases each
# submission is marked on, as check-engine will take them.
choose_cases() {
    if [[ -z $profile ]]; then
        profile=assignment
        if [[ -z $(corpus_select_ids "$cases" assignment "" "") ]]; then
            echo "mark: profile assignment holds no $program case ($cases/strict-only says why); marking with profile strict"
            profile=strict
        fi
    fi
    local unknown
    unknown=$(corpus_unknown_categories "$cases" "${wanted[@]}" "${excluded[@]}")
    [[ -z $unknown ]] ||
        die "no category '${unknown%%$'\n'*}' (there are: $(corpus_categories "$cases" | tr '\n' ' '))"
    mapfile -t ids < <(corpus_select_ids "$cases" "$profile" "${wanted[*]}" "${excluded[*]}")
    ((${#ids[@]})) || die "no cases to mark with (profile $profile)"
    # The scheme (every case in a part), the deadline and the manual marks
    # read as the report will read them, before any work (the times and
    # the extensions: intake_take_in).
    PYTHONPATH="$here/../src/mark" "$report_python" -B -m markreport.inputs --scheme "$scheme" \
        --cases <(printf '%s\n' "${ids[@]}") --deadline "$deadline" \
        --late-penalty "$late_penalty" --manual "$manual" || exit 2
}
