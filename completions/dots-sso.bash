#!/bin/bash

__dots-sso_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__dots-sso_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__dots-sso_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__dots-sso_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_dots-sso() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    discover|authorize|exchange|refresh|token|revoke|logout|magic-link|cache|status|profile|flags|containers|passes|pkpass|bodymovin|applinks|check|report|explain|openweb|echo|members|sandbox|demo|channel|keys|version|help)
        # Offer subcommand argument completions
        "_dots-sso_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'discover authorize exchange refresh token revoke logout magic-link cache status profile flags containers passes pkpass bodymovin applinks check report explain openweb echo members sandbox demo channel keys version help' -- "${cur}"))
        ;;
    esac
}

_dots-sso_discover() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --strict -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --junit --sarif --codequality --security-profile)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion discover -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--junit')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--sarif')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(sarif|json)'
        return
        ;;
    '--codequality')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    esac
}

_dots-sso_authorize() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --no-browser --no-preflight --par --no-par --no-exchange -h --help)
    repeating_options=(--channel --scope --cacert --resource --auth-param)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --port --browser-command --flow --grant --username --password-file --prompt --login-hint --acr-values --max-age --save-refresh-token)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion authorize -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--port')
        return
        ;;
    '--browser-command')
        return
        ;;
    '--flow')
        __dots-sso_add_completions -W 'loopback'$'\n''device'$'\n''paste'
        return
        ;;
    '--grant')
        __dots-sso_add_completions -W 'authorization-code'$'\n''password'
        return
        ;;
    '--username')
        return
        ;;
    '--password-file')
        return
        ;;
    '--prompt')
        return
        ;;
    '--login-hint')
        return
        ;;
    '--acr-values')
        return
        ;;
    '--max-age')
        return
        ;;
    '--resource')
        return
        ;;
    '--auth-param')
        return
        ;;
    '--save-refresh-token')
        return
        ;;
    esac
}

_dots-sso_exchange() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --code --state --code-verifier)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion exchange -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--code')
        return
        ;;
    '--state')
        return
        ;;
    '--code-verifier')
        return
        ;;
    esac
}

_dots-sso_refresh() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --force -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --min-validity)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion refresh -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--min-validity')
        return
        ;;
    esac
}

_dots-sso_token() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    print|show|introspect|export)
        # Offer subcommand argument completions
        "_dots-sso_token_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'print show introspect export' -- "${cur}"))
        ;;
    esac
}

_dots-sso_token_print() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --client-credentials --id-token --refresh-token --session -h --help)
    repeating_options=(--channel --scope --cacert --resource --dpop-proof)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --min-validity --access-token-file --access-token-env --refresh-token-file --header --curl-config --method --base-url --study --email)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion token print -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--min-validity')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    '--header')
        return
        ;;
    '--curl-config')
        return
        ;;
    '--method')
        return
        ;;
    '--resource')
        return
        ;;
    '--base-url')
        return
        ;;
    '--study')
        return
        ;;
    '--email')
        return
        ;;
    '--dpop-proof')
        return
        ;;
    esac
}

_dots-sso_token_show() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=(--channel --scope)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --cache-dir --account --token-store)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion token show -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    esac
}

_dots-sso_token_introspect() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --access-token-file --access-token-env --refresh-token-file)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion token introspect -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    esac
}

_dots-sso_token_export() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --refresh-token -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile -o --output)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion token export -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '-o'|'--output')
        return
        ;;
    esac
}

_dots-sso_revoke() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --local-only --open -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --post-logout-redirect-uri --end-session-endpoint --browser-command)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion revoke -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--post-logout-redirect-uri')
        return
        ;;
    '--end-session-endpoint')
        return
        ;;
    '--browser-command')
        return
        ;;
    esac
}

_dots-sso_logout() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --local-only --open --keep-sign-in -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --post-logout-redirect-uri --end-session-endpoint --browser-command)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion logout -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--post-logout-redirect-uri')
        return
        ;;
    '--end-session-endpoint')
        return
        ;;
    '--browser-command')
        return
        ;;
    esac
}

_dots-sso_magic-link() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    request|redeem|signup|signin)
        # Offer subcommand argument completions
        "_dots-sso_magic-link_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'request redeem signup signin' -- "${cur}"))
        ;;
    esac
}

_dots-sso_magic-link_request() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --base-url --study --email)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion magic-link request -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--base-url')
        return
        ;;
    '--study')
        return
        ;;
    '--email')
        return
        ;;
    esac
}

_dots-sso_magic-link_redeem() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --new-password --remember-password -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --base-url --study --link --token --email --password-file)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion magic-link redeem -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--base-url')
        return
        ;;
    '--study')
        return
        ;;
    '--link')
        return
        ;;
    '--token')
        return
        ;;
    '--email')
        return
        ;;
    '--password-file')
        return
        ;;
    esac
}

_dots-sso_magic-link_signup() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --remember-password -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --base-url --study --email)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion magic-link signup -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--base-url')
        return
        ;;
    '--study')
        return
        ;;
    '--email')
        return
        ;;
    esac
}

_dots-sso_magic-link_signin() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --base-url --study --email --password-file)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion magic-link signin -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--base-url')
        return
        ;;
    '--study')
        return
        ;;
    '--email')
        return
        ;;
    '--password-file')
        return
        ;;
    esac
}

_dots-sso_cache() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|clear)
        # Offer subcommand argument completions
        "_dots-sso_cache_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list clear' -- "${cur}"))
        ;;
    esac
}

_dots-sso_cache_list() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color --cache-dir --account --token-store)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    esac
}

_dots-sso_cache_clear() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --all -h --help)
    repeating_options=(--channel --scope)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --cache-dir --account --token-store)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion cache clear -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    esac
}

_dots-sso_status() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --check -h --help)
    repeating_options=(--cacert)
    non_repeating_options=(--jq --color --cache-dir --account --token-store --timeout)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    esac
}

_dots-sso_profile() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --strict -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --profile-file --access-token-file --access-token-env --refresh-token-file --grant --username --password-file --min-validity --expect-id --junit --sarif --codequality)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion profile -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--profile-file')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    '--grant')
        __dots-sso_add_completions -W 'authorization-code'$'\n''password'
        return
        ;;
    '--username')
        return
        ;;
    '--password-file')
        return
        ;;
    '--min-validity')
        return
        ;;
    '--expect-id')
        return
        ;;
    '--junit')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--sarif')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(sarif|json)'
        return
        ;;
    '--codequality')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    esac
}

_dots-sso_flags() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --profile-file --access-token-file --access-token-env --refresh-token-file --grant --username --password-file --min-validity --expect-id)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion flags -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--profile-file')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    '--grant')
        __dots-sso_add_completions -W 'authorization-code'$'\n''password'
        return
        ;;
    '--username')
        return
        ;;
    '--password-file')
        return
        ;;
    '--min-validity')
        return
        ;;
    '--expect-id')
        return
        ;;
    esac

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|check)
        # Offer subcommand argument completions
        "_dots-sso_flags_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show check' -- "${cur}"))
        ;;
    esac
}

_dots-sso_flags_show() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --profile-file --access-token-file --access-token-env --refresh-token-file --grant --username --password-file --min-validity --expect-id)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion flags show -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--profile-file')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    '--grant')
        __dots-sso_add_completions -W 'authorization-code'$'\n''password'
        return
        ;;
    '--username')
        return
        ;;
    '--password-file')
        return
        ;;
    '--min-validity')
        return
        ;;
    '--expect-id')
        return
        ;;
    esac
}

_dots-sso_flags_check() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --profile-file --access-token-file --access-token-env --refresh-token-file --grant --username --password-file --min-validity --expect-id)
    __dots-sso_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion flags check -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--profile-file')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    '--grant')
        __dots-sso_add_completions -W 'authorization-code'$'\n''password'
        return
        ;;
    '--username')
        return
        ;;
    '--password-file')
        return
        ;;
    '--min-validity')
        return
        ;;
    '--expect-id')
        return
        ;;
    esac
}

_dots-sso_containers() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --strict --show-secrets -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --profile-file --access-token-file --access-token-env --refresh-token-file --grant --username --password-file --min-validity --expect-id --junit --sarif --codequality)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion containers -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--profile-file')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    '--grant')
        __dots-sso_add_completions -W 'authorization-code'$'\n''password'
        return
        ;;
    '--username')
        return
        ;;
    '--password-file')
        return
        ;;
    '--min-validity')
        return
        ;;
    '--expect-id')
        return
        ;;
    '--junit')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--sarif')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(sarif|json)'
        return
        ;;
    '--codequality')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    esac

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|probe)
        # Offer subcommand argument completions
        "_dots-sso_containers_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show probe' -- "${cur}"))
        ;;
    esac
}

_dots-sso_containers_show() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --strict --show-secrets -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --profile-file --access-token-file --access-token-env --refresh-token-file --grant --username --password-file --min-validity --expect-id --junit --sarif --codequality)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion containers show -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--profile-file')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    '--grant')
        __dots-sso_add_completions -W 'authorization-code'$'\n''password'
        return
        ;;
    '--username')
        return
        ;;
    '--password-file')
        return
        ;;
    '--min-validity')
        return
        ;;
    '--expect-id')
        return
        ;;
    '--junit')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--sarif')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(sarif|json)'
        return
        ;;
    '--codequality')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    esac
}

_dots-sso_containers_probe() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop -h --help)
    repeating_options=(--channel --scope --cacert)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --profile-file --access-token-file --access-token-env --refresh-token-file --grant --username --password-file --min-validity --expect-id)
    __dots-sso_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion containers probe -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--profile-file')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    '--grant')
        __dots-sso_add_completions -W 'authorization-code'$'\n''password'
        return
        ;;
    '--username')
        return
        ;;
    '--password-file')
        return
        ;;
    '--min-validity')
        return
        ;;
    '--expect-id')
        return
        ;;
    esac
}

_dots-sso_passes() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    fetch)
        # Offer subcommand argument completions
        "_dots-sso_passes_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'fetch' -- "${cur}"))
        ;;
    esac
}

_dots-sso_passes_fetch() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --strict --preview -h --help)
    repeating_options=(--channel --scope --cacert --trust)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --timeout --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --profile-file --access-token-file --access-token-env --refresh-token-file --grant --username --password-file --min-validity --junit --sarif --codequality -o --output --parallel)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion passes fetch -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--profile-file')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    '--grant')
        __dots-sso_add_completions -W 'authorization-code'$'\n''password'
        return
        ;;
    '--username')
        return
        ;;
    '--password-file')
        return
        ;;
    '--min-validity')
        return
        ;;
    '--junit')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--sarif')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(sarif|json)'
        return
        ;;
    '--codequality')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--trust')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '-o'|'--output')
        __dots-sso_add_completions -d
        return
        ;;
    '--parallel')
        return
        ;;
    esac
}

_dots-sso_pkpass() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    inspect|preview)
        # Offer subcommand argument completions
        "_dots-sso_pkpass_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'inspect preview' -- "${cur}"))
        ;;
    esac
}

_dots-sso_pkpass_inspect() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --strict -h --help)
    repeating_options=(--trust)
    non_repeating_options=(--jq --color --junit --sarif --codequality)
    __dots-sso_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--junit')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--sarif')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(sarif|json)'
        return
        ;;
    '--codequality')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--trust')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pkpass)'
        return
        ;;
    esac
}

_dots-sso_pkpass_preview() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --back -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color -o --output --locale)
    __dots-sso_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '-o'|'--output')
        return
        ;;
    '--locale')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pkpass)'
        return
        ;;
    esac
}

_dots-sso_bodymovin() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    validate|preview)
        # Offer subcommand argument completions
        "_dots-sso_bodymovin_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'validate preview' -- "${cur}"))
        ;;
    esac
}

_dots-sso_bodymovin_validate() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --strict --no-render -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color --junit --sarif --codequality --profile)
    __dots-sso_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--junit')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--sarif')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(sarif|json)'
        return
        ;;
    '--codequality')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--profile')
        __dots-sso_add_completions -W 'ios'$'\n''spec'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json|lottie)'
        return
        ;;
    esac
}

_dots-sso_bodymovin_preview() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color -o --output --frames --size --gif)
    __dots-sso_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '-o'|'--output')
        return
        ;;
    '--frames')
        return
        ;;
    '--size')
        return
        ;;
    '--gif')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json|lottie)'
        return
        ;;
    esac
}

_dots-sso_applinks() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    check)
        # Offer subcommand argument completions
        "_dots-sso_applinks_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'check' -- "${cur}"))
        ;;
    esac
}

_dots-sso_applinks_check() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --strict -h --help)
    repeating_options=(--cacert --paths)
    non_repeating_options=(--jq --color --timeout --junit --sarif --codequality)
    __dots-sso_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--junit')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--sarif')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(sarif|json)'
        return
        ;;
    '--codequality')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--paths')
        return
        ;;
    esac
}

_dots-sso_check() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --dpop --no-dpop --strict -h --help)
    repeating_options=(--channel --scope --trust --only --skip --cacert --channels)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --cache-dir --account --token-store --client-auth --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --security-profile --min-validity --access-token-file --access-token-env --refresh-token-file --grant --username --password-file --junit --sarif --codequality --timeout --pictures --shard --parallel --baseline --write-baseline)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion check -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--cache-dir')
        return
        ;;
    '--account')
        return
        ;;
    '--token-store')
        __dots-sso_add_completions -W 'file'$'\n''keyring'
        return
        ;;
    '--client-auth')
        __dots-sso_add_completions -W 'client_secret_basic'$'\n''client_secret_post'$'\n''private_key_jwt'$'\n''tls_client_auth'$'\n''self_signed_tls_client_auth'$'\n''none'
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        __dots-sso_add_completions -W 'endpoint'$'\n''issuer'
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--trust')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--min-validity')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--refresh-token-file')
        return
        ;;
    '--grant')
        __dots-sso_add_completions -W 'authorization-code'$'\n''password'
        return
        ;;
    '--username')
        return
        ;;
    '--password-file')
        return
        ;;
    '--only')
        __dots-sso_add_completions -W 'channel'$'\n''discovery'$'\n''tls'$'\n''authorization'$'\n''profile'$'\n''flags'$'\n''passes'$'\n''loading-animation'$'\n''legal:privacy-policy'$'\n''legal:terms-and-conditions'$'\n''legal:joint-controller-statement'$'\n''magic-link'$'\n''legal'$'\n''container'$'\n''live'
        return
        ;;
    '--skip')
        __dots-sso_add_completions -W 'channel'$'\n''discovery'$'\n''tls'$'\n''authorization'$'\n''profile'$'\n''flags'$'\n''passes'$'\n''loading-animation'$'\n''legal:privacy-policy'$'\n''legal:terms-and-conditions'$'\n''legal:joint-controller-statement'$'\n''magic-link'$'\n''legal'$'\n''container'$'\n''live'
        return
        ;;
    '--junit')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--sarif')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(sarif|json)'
        return
        ;;
    '--codequality')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--pictures')
        return
        ;;
    '--channels')
        __dots-sso_add_completions -d
        return
        ;;
    '--shard')
        return
        ;;
    '--parallel')
        return
        ;;
    '--baseline')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--write-baseline')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    esac
}

_dots-sso_report() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    merge)
        # Offer subcommand argument completions
        "_dots-sso_report_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'merge' -- "${cur}"))
        ;;
    esac
}

_dots-sso_report_merge() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color -o --output)
    __dots-sso_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '-o'|'--output')
        __dots-sso_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __dots-sso_add_completions -f
        return
        ;;
    esac
}

_dots-sso_explain() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --markdown -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color)
    __dots-sso_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __dots-sso_add_completions -W 'discover.metadata.rfc8414'$'\n''discover.issuer.missing'$'\n''discover.issuer.mismatch'$'\n''discover.endpoint.missing'$'\n''discover.endpoint.insecure'$'\n''discover.pkce.s256-missing'$'\n''discover.pkce.not-advertised'$'\n''discover.response-type.code-missing'$'\n''discover.response-type.missing'$'\n''discover.client-auth.none-missing'$'\n''discover.client-auth.none-unlisted'$'\n''discover.dpop.unadvertised'$'\n''discover.dpop.algorithm-unsupported'$'\n''discover.id-token.symmetric-alg'$'\n''discover.endpoint.rfc8414-only'$'\n''discover.rfc8414.issuer-mismatch'$'\n''discover.grant.refresh-missing'$'\n''discover.userinfo.missing'$'\n''discover.revocation.missing'$'\n''discover.end-session.missing'$'\n''discover.jwks.unreadable'$'\n''discover.jwks.key-unusable'$'\n''discover.jwks.key-refused'$'\n''discover.jwks.key-weak'$'\n''discover.jwks.empty'$'\n''discover.fapi2.par-missing'$'\n''discover.fapi2.par-optional'$'\n''discover.fapi2.iss-unadvertised'$'\n''discover.fapi2.sender-constraint-missing'$'\n''discover.fapi2.client-auth'$'\n''discover.fapi2.algorithm'$'\n''discover.fapi2.grant-forbidden'$'\n''profile.not-object'$'\n''profile.json.duplicate-key'$'\n''profile.id.missing'$'\n''profile.id.empty'$'\n''profile.id.email'$'\n''profile.id.number'$'\n''profile.id.type'$'\n''profile.id.changed'$'\n''profile.email.invalid'$'\n''profile.email.too-long'$'\n''profile.email.missing'$'\n''profile.email.type'$'\n''profile.first-name.missing'$'\n''profile.last-name.missing'$'\n''profile.first-name.too-long'$'\n''profile.last-name.too-long'$'\n''profile.firstName.type'$'\n''profile.lastName.type'$'\n''profile.biography.type'$'\n''profile.biography.html-stripped'$'\n''profile.biography.markup'$'\n''profile.features.missing'$'\n''profile.features.type'$'\n''profile.flag.not-boolean'$'\n''profile.flag.undocumented'$'\n''profile.flag.missing'$'\n''profile.flag.app-access-false'$'\n''profile.unavailable'$'\n''channel.auth-params.invalid'$'\n''channel.endpoints.missing'$'\n''channel.client-id.missing'$'\n''channel.profile-endpoint.missing'$'\n''channel.url.insecure'$'\n''channel.flags.missing'$'\n''channel.flags.launch-missing'$'\n''channel.flag.purpose-missing'$'\n''channel.container.duplicate'$'\n''channel.container.no-token'$'\n''channel.profile-mapping.invalid'$'\n''channel.client-key-id.without-key'$'\n''channel.duplicate-key'$'\n''legal.missing'$'\n''legal.insecure'$'\n''legal.unreachable'$'\n''legal.status'$'\n''legal.not-pdf'$'\n''legal.too-large'$'\n''legal.unreadable'$'\n''legal.not-document'$'\n''legal.no-title'$'\n''legal.error-page'$'\n''containers.url.loopback-http'$'\n''containers.url.insecure'$'\n''containers.url.user-specific'$'\n''containers.flag.undocumented'$'\n''containers.token.in-query'$'\n''passes.url.refused'$'\n''passes.bundle-refused'$'\n''passes.download.failed'$'\n''passes.download.status'$'\n''passes.content-type'$'\n''passes.duplicate'$'\n''passes.write-failed'$'\n''passes.preview.failed'$'\n''passes.profile-url-skipped'$'\n''passes.list'$'\n''passes.none'$'\n''tls.version'$'\n''tls.certificate.expired'$'\n''tls.certificate.hostname'$'\n''tls.certificate.untrusted'$'\n''tls.handshake'$'\n''tls.certificate.unread'$'\n''tls.certificate.expiring'$'\n''tls.ok'$'\n''tls.loopback-http'$'\n''tls.unreachable'$'\n''authorization.client-id.missing'$'\n''authorization.endpoint.missing'$'\n''authorization.client'$'\n''authorization.error'$'\n''authorization.par-endpoint.missing'$'\n''authorization.unreachable'$'\n''authorization.not-html'$'\n''authorization.not-login-page'$'\n''authorization.status'$'\n''discovery.no-issuer'$'\n''discovery.unavailable'$'\n''flags.unavailable'$'\n''flags.undocumented'$'\n''flags.app-launch'$'\n''container.missing'$'\n''container.member-blocked'$'\n''container.profile-unavailable'$'\n''container.status'$'\n''container.open-without-token'$'\n''container.unreachable'$'\n''check.member'$'\n''check.skipped'$'\n''check.timeout'$'\n''check.baseline.expired'$'\n''check.baseline.stale'$'\n''loading-animation.missing'$'\n''loading-animation.status'$'\n''loading-animation.unreadable'$'\n''loading-animation.no-picture'$'\n''magic-link.base-url'$'\n''magic-link.unreachable'$'\n''applinks.origin.path'$'\n''applinks.origin.http'$'\n''applinks.file.too-large'$'\n''applinks.file.redirect'$'\n''applinks.file.status'$'\n''applinks.file.not-json'$'\n''applinks.file.content-type'$'\n''applinks.aasa.not-object'$'\n''applinks.aasa.applinks-missing'$'\n''applinks.aasa.details-missing'$'\n''applinks.aasa.detail-type'$'\n''applinks.aasa.app-ids-type'$'\n''applinks.aasa.legacy'$'\n''applinks.aasa.app-id-missing'$'\n''applinks.aasa.app-id-invalid'$'\n''applinks.aasa.components-type'$'\n''applinks.aasa.component-type'$'\n''applinks.aasa.component-key'$'\n''applinks.aasa.component-path'$'\n''applinks.aasa.component-query'$'\n''applinks.aasa.paths-type'$'\n''applinks.aasa.no-rules'$'\n''applinks.assetlinks.not-array'$'\n''applinks.assetlinks.statement-type'$'\n''applinks.assetlinks.target-missing'$'\n''applinks.assetlinks.package-invalid'$'\n''applinks.assetlinks.fingerprint-missing'$'\n''applinks.assetlinks.fingerprint-invalid'$'\n''applinks.assetlinks.no-handle-all-urls'$'\n''applinks.path.token-in-fragment'$'\n''applinks.path.custom-scheme'$'\n''applinks.path.not-matched'$'\n''lottie.not-object'$'\n''lottie.json.duplicate-key'$'\n''lottie.file.zip-named-json'$'\n''lottie.file.json-named-lottie'$'\n''lottie.version.missing'$'\n''lottie.version.type'$'\n''lottie.frame-rate.invalid'$'\n''lottie.frame-rate.out-of-range'$'\n''lottie.frames.missing'$'\n''lottie.frames.invalid'$'\n''lottie.size.invalid'$'\n''lottie.size.non-integer'$'\n''lottie.layers.missing'$'\n''lottie.assets.type'$'\n''lottie.asset.id-missing'$'\n''lottie.asset.id-duplicate'$'\n''lottie.asset.data-footage'$'\n''lottie.asset.missing'$'\n''lottie.image.embedded-invalid'$'\n''lottie.image.embedded-format'$'\n''lottie.image.external'$'\n''lottie.image.missing-in-archive'$'\n''lottie.font.missing'$'\n''lottie.layer.type'$'\n''lottie.layer.type-missing'$'\n''lottie.layer.type-unknown'$'\n''lottie.layer.timing-missing'$'\n''lottie.layer.transform-missing'$'\n''lottie.layer.parent-missing'$'\n''lottie.layer.parent-cycle'$'\n''lottie.layer.index-duplicate'$'\n''lottie.precomp.cycle'$'\n''lottie.layers.instances'$'\n''lottie.repeater.copies'$'\n''lottie.images.pixels'$'\n''lottie.stroke.width'$'\n''lottie.shape.type-missing'$'\n''lottie.shape.type-unknown'$'\n''lottie.property.animated-flag'$'\n''lottie.property.animated-value'$'\n''lottie.property.static-keyframes'$'\n''lottie.property.legacy'$'\n''lottie.keyframe.time-missing'$'\n''lottie.keyframe.order'$'\n''lottie.keyframe.value-missing'$'\n''lottie.ios.unsupported'$'\n''lottie.rlottie.under-draws'$'\n''lottie.fitness.canvas'$'\n''lottie.fitness.duration'$'\n''lottie.fitness.frame-rate'$'\n''lottie.fitness.images'$'\n''lottie.fitness.file-size'$'\n''lottie.render.nothing'$'\n''lottie.render.outside-canvas'$'\n''lottie.render.small'$'\n''lottie.render.skipped'$'\n''lottie.render.unavailable'$'\n''lottie.render.unloadable'$'\n''lottie.render.too-costly'$'\n''lottie.dotlottie.manifest-missing'$'\n''lottie.dotlottie.manifest-invalid'$'\n''lottie.dotlottie.version'$'\n''lottie.dotlottie.manifest-animations'$'\n''lottie.dotlottie.animation-missing'$'\n''lottie.dotlottie.animation-invalid'$'\n''lottie.dotlottie.initial-unknown'$'\n''lottie.dotlottie.animation-unknown'$'\n''lottie.dotlottie.played'$'\n''lottie.dotlottie.unreferenced'$'\n''lottie.dotlottie.unknown-file'$'\n''lottie.archive.not-zip'$'\n''lottie.archive.too-many-entries'$'\n''lottie.archive.unreadable'$'\n''lottie.archive.unsafe-path'$'\n''lottie.archive.duplicate-entry'$'\n''lottie.archive.symlink'$'\n''lottie.archive.pkpasses'$'\n''lottie.archive.nested'$'\n''lottie.archive.too-large'$'\n''lottie.archive.ratio'$'\n''lottie.archive.entry-corrupt'$'\n''lottie.archive.entry-too-large'$'\n''pkpass.file.unreadable'$'\n''pkpass.model.unsigned'$'\n''pkpass.pass-json.missing'$'\n''pkpass.manifest.missing'$'\n''pkpass.manifest.malformed'$'\n''pkpass.manifest.missing-file'$'\n''pkpass.manifest.hash-mismatch'$'\n''pkpass.manifest.unlisted'$'\n''pkpass.signature.missing'$'\n''pkpass.signature.unparseable'$'\n''pkpass.signature.no-signer-certificate'$'\n''pkpass.signature.invalid'$'\n''pkpass.signature.no-signing-time'$'\n''pkpass.signature.sha1'$'\n''pkpass.certificate.chain'$'\n''pkpass.certificate.expired'$'\n''pkpass.certificate.not-yet-valid'$'\n''pkpass.certificate.pass-type-mismatch'$'\n''pkpass.certificate.team-mismatch'$'\n''pkpass.certificate.extension-mismatch'$'\n''pkpass.certificate.wwdr-g1'$'\n''pkpass.certificate.wwdr-generation'$'\n''pkpass.pass-json.invalid'$'\n''pkpass.pass-json.non-strict'$'\n''pkpass.pass-json.byte-order-mark'$'\n''pkpass.pass-json.duplicate-key'$'\n''pkpass.pass-json.not-object'$'\n''pkpass.pass-json.format-version'$'\n''pkpass.pass-json.required'$'\n''pkpass.pass-json.type'$'\n''pkpass.pass-json.style'$'\n''pkpass.pass-json.fields-type'$'\n''pkpass.pass-json.field-key'$'\n''pkpass.pass-json.field-key-duplicate'$'\n''pkpass.pass-json.field-value'$'\n''pkpass.pass-json.field-style'$'\n''pkpass.pass-json.field-format-conflict'$'\n''pkpass.pass-json.footer-fields'$'\n''pkpass.pass-json.poster-generic-fallback'$'\n''pkpass.pass-json.poster-generic-ios27'$'\n''pkpass.pass-json.semantic-boarding-pass'$'\n''pkpass.pass-json.semantics-recommended'$'\n''pkpass.pass-json.semantics-type'$'\n''pkpass.pass-json.poster-nfc'$'\n''pkpass.pass-json.poster-entry'$'\n''pkpass.pass-json.transit-type'$'\n''pkpass.pass-json.barcode-legacy'$'\n''pkpass.pass-json.barcode-unencodable'$'\n''pkpass.pass-json.barcode-message'$'\n''pkpass.pass-json.barcode-encoding'$'\n''pkpass.pass-json.barcode-format'$'\n''pkpass.pass-json.barcode-format-ios27'$'\n''pkpass.pass-json.barcode-fallback'$'\n''pkpass.pass-json.color'$'\n''pkpass.pass-json.color-hex'$'\n''pkpass.pass-json.web-service-https'$'\n''pkpass.pass-json.authentication-token'$'\n''pkpass.pass-json.locations'$'\n''pkpass.pass-json.beacons'$'\n''pkpass.pass-json.max-distance'$'\n''pkpass.pass-json.nfc'$'\n''pkpass.pass-json.nfc-message'$'\n''pkpass.pass-json.nfc-message-length'$'\n''pkpass.pass-json.nfc-key'$'\n''pkpass.pass-json.date'$'\n''pkpass.pass-json.relevant-date-deprecated'$'\n''pkpass.pass-json.relevant-date-legacy'$'\n''pkpass.pass-json.relevant-dates'$'\n''pkpass.pass-json.relevant-dates-spelling'$'\n''pkpass.pass-json.relevant-interval'$'\n''pkpass.pass-json.style-schemes'$'\n''pkpass.pass-json.style-scheme-unknown'$'\n''pkpass.pass-json.style-scheme-style'$'\n''pkpass.pass-json.poster-semantics'$'\n''pkpass.pass-json.upcoming-information'$'\n''pkpass.pass-json.upcoming-entries'$'\n''pkpass.pass-json.featured-actions'$'\n''pkpass.pass-json.featured-actions-count'$'\n''pkpass.pass-json.featured-action-type'$'\n''pkpass.pass-json.featured-actions-ios27'$'\n''pkpass.pass-json.link'$'\n''pkpass.pass-json.link-unshown'$'\n''pkpass.strings.invalid'$'\n''pkpass.image.poster-artwork'$'\n''pkpass.personalization.invalid'$'\n''pkpass.personalization.requires'$'\n''pkpass.image.icon-missing'$'\n''pkpass.image.not-png'$'\n''pkpass.image.size'$'\n''pkpass.image.pdf'$'\n''pkpass.image.icon-not-at-root'$'\n''pkpass.image.unused'$'\n''pkpass.preview.barcode'$'\n''pkpass.preview.layout'$'\n''pkpass.preview.image-too-large'$'\n''pkpass.preview.image-unreadable'$'\n''pkpass.preview.too-costly'$'\n''pkpass.archive.not-zip'$'\n''pkpass.archive.too-many-entries'$'\n''pkpass.archive.unreadable'$'\n''pkpass.archive.unsafe-path'$'\n''pkpass.archive.duplicate-entry'$'\n''pkpass.archive.symlink'$'\n''pkpass.archive.pkpasses'$'\n''pkpass.archive.nested'$'\n''pkpass.archive.too-large'$'\n''pkpass.archive.ratio'$'\n''pkpass.archive.entry-corrupt'$'\n''pkpass.archive.entry-too-large'$'\n''echo.timestamp.skew'
        return
        ;;
    esac
}

_dots-sso_openweb() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    register)
        # Offer subcommand argument completions
        "_dots-sso_openweb_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'register' -- "${cur}"))
        ;;
    esac
}

_dots-sso_openweb_register() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --email-verified -h --help)
    repeating_options=(--cacert)
    non_repeating_options=(--jq --color --timeout --code-a --primary-key --user-name --access-token-file --access-token-env --base-url --email)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--code-a')
        return
        ;;
    '--primary-key')
        return
        ;;
    '--user-name')
        return
        ;;
    '--access-token-file')
        return
        ;;
    '--access-token-env')
        return
        ;;
    '--base-url')
        return
        ;;
    '--email')
        return
        ;;
    esac
}

_dots-sso_echo() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    verify|sign)
        # Offer subcommand argument completions
        "_dots-sso_echo_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'verify sign' -- "${cur}"))
        ;;
    esac
}

_dots-sso_echo_verify() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=(--cacert --allowed-host)
    non_repeating_options=(--jq --color --timeout --provider --authorization --consumer-key --max-skew)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--provider')
        return
        ;;
    '--authorization')
        return
        ;;
    '--consumer-key')
        return
        ;;
    '--allowed-host')
        return
        ;;
    '--max-skew')
        return
        ;;
    esac
}

_dots-sso_echo_sign() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color --provider --consumer-key --consumer-secret-file --token --token-secret-file)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--provider')
        return
        ;;
    '--consumer-key')
        return
        ;;
    '--consumer-secret-file')
        return
        ;;
    '--token')
        return
        ;;
    '--token-secret-file')
        return
        ;;
    esac
}

_dots-sso_members() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    log-out|remove)
        # Offer subcommand argument completions
        "_dots-sso_members_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'log-out remove' -- "${cur}"))
        ;;
    esac
}

_dots-sso_members_log-out() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=(--cacert --sso-id)
    non_repeating_options=(--jq --color --timeout --channel --base-url --channel-id --api-key-file --api-key-env --concurrency)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--sso-id')
        return
        ;;
    '--channel')
        return
        ;;
    '--base-url')
        return
        ;;
    '--channel-id')
        return
        ;;
    '--api-key-file')
        return
        ;;
    '--api-key-env')
        return
        ;;
    '--concurrency')
        return
        ;;
    esac
}

_dots-sso_members_remove() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --yes -h --help)
    repeating_options=(--cacert --sso-id)
    non_repeating_options=(--jq --color --timeout --channel --base-url --channel-id --api-key-file --api-key-env --concurrency)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--timeout')
        return
        ;;
    '--cacert')
        __dots-sso_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--sso-id')
        return
        ;;
    '--channel')
        return
        ;;
    '--base-url')
        return
        ;;
    '--channel-id')
        return
        ;;
    '--api-key-file')
        return
        ;;
    '--api-key-env')
        return
        ;;
    '--concurrency')
        return
        ;;
    esac
}

_dots-sso_sandbox() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --fapi2 -h --help)
    repeating_options=(--client)
    non_repeating_options=(--jq --color --port --host --users --auto-approve --outbox --id-token-alg --client-jwk --par --write-channel)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--port')
        return
        ;;
    '--host')
        return
        ;;
    '--users')
        return
        ;;
    '--auto-approve')
        return
        ;;
    '--outbox')
        return
        ;;
    '--id-token-alg')
        __dots-sso_add_completions -W 'RS256'$'\n''ES256'
        return
        ;;
    '--client-jwk')
        return
        ;;
    '--client')
        return
        ;;
    '--par')
        __dots-sso_add_completions -W 'off'$'\n''offered'$'\n''required'
        return
        ;;
    '--write-channel')
        return
        ;;
    esac
}

_dots-sso_demo() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --keep --interactive --fapi2 -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color --browser-command)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--browser-command')
        return
        ;;
    esac
}

_dots-sso_channel() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    init|set|show|list)
        # Offer subcommand argument completions
        "_dots-sso_channel_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'init set show list' -- "${cur}"))
        ;;
    esac
}

_dots-sso_channel_init() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --force -h --help)
    repeating_options=(--channel --scope --flag --container --container-flag --container-token --container-user-id --container-variant --profile-mapping)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --client-secret-env --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --end-session-endpoint --post-logout-redirect-uri --loading-animation --privacy-policy --terms-and-conditions --joint-controller-statement --magic-link-base-url --magic-link-study --channels-api-base-url --channels-api-channel-id --channels-api-key-env --flow --security-profile --profile-auth)
    __dots-sso_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion channel init -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--client-secret-env')
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--end-session-endpoint')
        return
        ;;
    '--post-logout-redirect-uri')
        return
        ;;
    '--loading-animation')
        return
        ;;
    '--privacy-policy')
        return
        ;;
    '--terms-and-conditions')
        return
        ;;
    '--joint-controller-statement')
        return
        ;;
    '--magic-link-base-url')
        return
        ;;
    '--magic-link-study')
        return
        ;;
    '--channels-api-base-url')
        return
        ;;
    '--channels-api-channel-id')
        return
        ;;
    '--channels-api-key-env')
        return
        ;;
    '--flow')
        __dots-sso_add_completions -W 'loopback'$'\n''device'$'\n''paste'
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--flag')
        return
        ;;
    '--container')
        return
        ;;
    '--container-flag')
        return
        ;;
    '--container-token')
        return
        ;;
    '--container-user-id')
        return
        ;;
    '--container-variant')
        return
        ;;
    '--profile-auth')
        return
        ;;
    '--profile-mapping')
        return
        ;;
    esac
}

_dots-sso_channel_set() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=(--channel --scope --flag --container --container-flag --container-token --container-user-id --container-variant --profile-mapping)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file --client-secret-env --client-key-file --client-key-id --client-assertion-audience --client-cert-file --client-cert-key-file --end-session-endpoint --post-logout-redirect-uri --loading-animation --privacy-policy --terms-and-conditions --joint-controller-statement --magic-link-base-url --magic-link-study --channels-api-base-url --channels-api-channel-id --channels-api-key-env --flow --security-profile --profile-auth)
    __dots-sso_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion channel set -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    '--client-secret-env')
        return
        ;;
    '--client-key-file')
        return
        ;;
    '--client-key-id')
        return
        ;;
    '--client-assertion-audience')
        return
        ;;
    '--client-cert-file')
        return
        ;;
    '--client-cert-key-file')
        return
        ;;
    '--end-session-endpoint')
        return
        ;;
    '--post-logout-redirect-uri')
        return
        ;;
    '--loading-animation')
        return
        ;;
    '--privacy-policy')
        return
        ;;
    '--terms-and-conditions')
        return
        ;;
    '--joint-controller-statement')
        return
        ;;
    '--magic-link-base-url')
        return
        ;;
    '--magic-link-study')
        return
        ;;
    '--channels-api-base-url')
        return
        ;;
    '--channels-api-channel-id')
        return
        ;;
    '--channels-api-key-env')
        return
        ;;
    '--flow')
        __dots-sso_add_completions -W 'loopback'$'\n''device'$'\n''paste'
        return
        ;;
    '--security-profile')
        __dots-sso_add_completions -W 'fapi2'
        return
        ;;
    '--flag')
        return
        ;;
    '--container')
        return
        ;;
    '--container-flag')
        return
        ;;
    '--container-token')
        return
        ;;
    '--container-user-id')
        return
        ;;
    '--container-variant')
        return
        ;;
    '--profile-auth')
        return
        ;;
    '--profile-mapping')
        return
        ;;
    esac
}

_dots-sso_channel_show() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=(--channel --scope)
    non_repeating_options=(--jq --color --issuer --authorization-endpoint --token-endpoint --device-authorization-endpoint --profile-endpoint --passes-endpoint --revocation-endpoint --client-id --redirect-uri --client-secret-file)
    __dots-sso_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--channel')
        __dots-sso_add_completions -W "$(__dots-sso_custom_complete ---completion channel show -- --channel "${COMP_CWORD}" "$(__dots-sso_cursor_index_in_current_word)")"
        return
        ;;
    '--issuer')
        return
        ;;
    '--authorization-endpoint')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--device-authorization-endpoint')
        return
        ;;
    '--profile-endpoint')
        return
        ;;
    '--passes-endpoint')
        return
        ;;
    '--revocation-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--redirect-uri')
        return
        ;;
    '--client-secret-file')
        return
        ;;
    '--scope')
        return
        ;;
    esac
}

_dots-sso_channel_list() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    esac
}

_dots-sso_keys() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __dots-sso_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    generate)
        # Offer subcommand argument completions
        "_dots-sso_keys_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'generate' -- "${cur}"))
        ;;
    esac
}

_dots-sso_keys_generate() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color --force -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color -o --output --type)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '-o'|'--output')
        return
        ;;
    '--type')
        __dots-sso_add_completions -W 'rsa'$'\n''ec'
        return
        ;;
    esac
}

_dots-sso_version() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose -q --quiet --no-color -h --help)
    repeating_options=()
    non_repeating_options=(--jq --color)
    __dots-sso_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--jq')
        return
        ;;
    '--color')
        __dots-sso_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    esac
}

_dots-sso_help() {
    :
}

complete -o filenames -F _dots-sso dots-sso
