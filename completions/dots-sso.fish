function __dots-sso_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __dots-sso_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __dots-sso_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __dots-sso_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __dots-sso_parse_tokens -S
    set -l unparsed_tokens (__dots-sso_tokens -pc)
    switch $unparsed_tokens[1]
    case 'dots-sso'
        __dots-sso_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'discover'
            __dots-sso_parse_subcommand 0 'json' 'v/verbose' 'channel=' 'issuer=' 'authorization-endpoint=' 'token-endpoint=' 'profile-endpoint=' 'passes-endpoint=' 'revocation-endpoint=' 'client-id=' 'client-secret-file=' 'scope=+' 'redirect-uri=' 'timeout=' 'cacert=+' 'strict' 'junit=' 'version' 'h/help'
        case 'authorize'
            __dots-sso_parse_subcommand -r 1 'version' 'h/help'
        case 'exchange'
            __dots-sso_parse_subcommand -r 1 'version' 'h/help'
        case 'refresh'
            __dots-sso_parse_subcommand -r 1 'version' 'h/help'
        case 'token'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'print'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            case 'show'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'revoke'
            __dots-sso_parse_subcommand -r 1 'version' 'h/help'
        case 'logout'
            __dots-sso_parse_subcommand -r 1 'version' 'h/help'
        case 'profile'
            __dots-sso_parse_subcommand -r 1 'version' 'h/help'
        case 'flags'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'show'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            case 'check'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'containers'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'show'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            case 'probe'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'passes'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'fetch'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'pkpass'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'inspect'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'bodymovin'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'validate'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'magic-link'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'request'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            case 'redeem'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'applinks'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'check'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'check'
            __dots-sso_parse_subcommand -r 1 'version' 'h/help'
        case 'sandbox'
            __dots-sso_parse_subcommand -r 1 'version' 'h/help'
        case 'demo'
            __dots-sso_parse_subcommand -r 1 'version' 'h/help'
        case 'openweb'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'register'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'echo'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'verify'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'members'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'log-out'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            case 'remove'
                __dots-sso_parse_subcommand -r 1 'version' 'h/help'
            end
        case 'cache'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __dots-sso_parse_subcommand 0 'json' 'v/verbose' 'cache-dir=' 'account=' 'version' 'h/help'
            case 'clear'
                __dots-sso_parse_subcommand 0 'json' 'v/verbose' 'channel=' 'issuer=' 'authorization-endpoint=' 'token-endpoint=' 'profile-endpoint=' 'passes-endpoint=' 'revocation-endpoint=' 'client-id=' 'client-secret-file=' 'scope=+' 'redirect-uri=' 'cache-dir=' 'account=' 'all' 'version' 'h/help'
            end
        case 'channel'
            __dots-sso_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'init'
                __dots-sso_parse_subcommand 1 'json' 'v/verbose' 'channel=' 'issuer=' 'authorization-endpoint=' 'token-endpoint=' 'profile-endpoint=' 'passes-endpoint=' 'revocation-endpoint=' 'client-id=' 'client-secret-file=' 'scope=+' 'redirect-uri=' 'client-secret-env=' 'force' 'version' 'h/help'
            case 'show'
                __dots-sso_parse_subcommand 1 'json' 'v/verbose' 'channel=' 'issuer=' 'authorization-endpoint=' 'token-endpoint=' 'profile-endpoint=' 'passes-endpoint=' 'revocation-endpoint=' 'client-id=' 'client-secret-file=' 'scope=+' 'redirect-uri=' 'version' 'h/help'
            case 'list'
                __dots-sso_parse_subcommand 0 'json' 'v/verbose' 'version' 'h/help'
            end
        case 'help'
            __dots-sso_parse_subcommand -r 1 'version'
        end
    end
end

function __dots-sso_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __dots-sso_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __dots-sso_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __dots-sso_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__dots-sso_tokens -p)
    if test -z "$(__dots-sso_tokens -t)"
        set -l index (count (__dots-sso_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'dots-sso' -f
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'discover' -d 'Fetch the provider\'s OIDC/OAuth metadata, show its endpoints and check them.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'authorize' -d 'Sign in with the partner\'s authorization-code flow (PKCE, loopback redirect) and cache the tokens. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'exchange' -d 'Exchange an authorization code for tokens. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'refresh' -d 'Refresh the cached access token when it is expired or about to expire. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'token' -d 'Print or decode the cached token (for scripts).'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'revoke' -d 'Revoke the refresh token (RFC 7009), remove the cache entry and print the provider\'s logout URL. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'logout' -d 'Log out: the same as revoke. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'profile' -d 'Fetch a member\'s profile and check it against the channel contract. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'flags' -d 'Show a member\'s feature flags, their purpose and the containers they gate.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'containers' -d 'Show each container\'s URL, how the token and user id travel, and whether the member may open it.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'passes' -d 'Fetch a member\'s passes from the passes endpoint or the profile.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'pkpass' -d 'Verify .pkpass files the way Wallet does.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'bodymovin' -d 'Check a bodymovin (Lottie) loading animation.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'magic-link' -d 'Request and redeem email sign-in links.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'applinks' -d 'Check apple-app-site-association and assetlinks.json for magic-link deep links.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'check' -d 'Check all deliverables of a channel in one CI run. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'sandbox' -d 'Run the embedded mock partner on a loopback port. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'demo' -d 'Run the whole onboarding against the embedded sandbox partner. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'openweb' -d 'Play the partner backend\'s part of the OpenWeb SSO handshake.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'echo' -d 'Verify OAuth Echo credentials.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'members' -d 'Log out or remove a member by SSO id through The Dots Channels API.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'cache' -d 'List or clear cached sign-ins.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'channel' -d 'Create, show and list channel configurations.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" json' -l 'json' -d 'Print one JSON document on stdout instead of human output.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" v verbose' -s 'v' -l 'verbose' -d 'Trace HTTP requests and responses to stderr, with every secret redacted.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" channel' -l 'channel' -d 'Channel name (from $XDG_CONFIG_HOME/dots-sso/channels) or path to a channel JSON file (env DOTS_SSO_CHANNEL).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" issuer' -l 'issuer' -d 'The provider\'s issuer URL (discovery starts here).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" authorization-endpoint' -l 'authorization-endpoint' -d 'The partner\'s authorization URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" token-endpoint' -l 'token-endpoint' -d 'The partner\'s token URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" profile-endpoint' -l 'profile-endpoint' -d 'The partner\'s profile (userinfo-like) URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" passes-endpoint' -l 'passes-endpoint' -d 'The partner\'s passes endpoint (returns a JSON array of .pkpass URLs).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" revocation-endpoint' -l 'revocation-endpoint' -d 'The provider\'s RFC 7009 revocation URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" client-id' -l 'client-id' -d 'The OAuth client id.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" client-secret-file' -l 'client-secret-file' -d 'A file holding the client secret (\'-\' reads stdin); never pass a secret as a flag value.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover"' -l 'scope' -d 'Scopes to request, space-separated or repeated.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" redirect-uri' -l 'redirect-uri' -d 'The redirect URI registered with the partner.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" timeout' -l 'timeout' -d 'Give up on a request after this many seconds (default 30).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover"' -l 'cacert' -d 'A PEM file of CA certificates to trust in addition to the system\'s (repeatable; env DOTS_SSO_CACERT).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" strict' -l 'strict' -d 'Treat warnings as errors (exit 1 when any warning is found).'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" junit' -l 'junit' -d 'Also write the findings as JUnit XML to this file.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso discover" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso authorize" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso authorize" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso exchange" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso exchange" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso refresh" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso refresh" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso token" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso token" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso token" -eq 1' -fa 'print' -d 'Print exactly one token and a newline, refreshing first when needed. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso token" -eq 1' -fa 'show' -d 'Decode the cached JWT header and claims and show its expiry, never the raw token. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso token print" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso token print" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso token show" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso token show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso revoke" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso revoke" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso logout" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso logout" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso profile" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso profile" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso flags" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso flags" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso flags" -eq 1' -fa 'show' -d 'Show every flag with its value and purpose. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso flags" -eq 1' -fa 'check' -d 'Exit 0 when every named flag is true (no names: the app-launch rule, canAccessApp). (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso flags show" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso flags show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso flags check" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso flags check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso containers" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso containers" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso containers" -eq 1' -fa 'show' -d 'Show the configured containers and the exact request the app would make. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso containers" -eq 1' -fa 'probe' -d 'Make each container\'s request over TLS 1.2+ and report the status. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso containers show" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso containers show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso containers probe" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso containers probe" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso passes" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso passes" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso passes" -eq 1' -fa 'fetch' -d 'Download every pass of a member and inspect each one. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso passes fetch" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso passes fetch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso pkpass" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso pkpass" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso pkpass" -eq 1' -fa 'inspect' -d 'Check a .pkpass archive, manifest, signature and pass.json. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso pkpass inspect" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso pkpass inspect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso bodymovin" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso bodymovin" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso bodymovin" -eq 1' -fa 'validate' -d 'Will this animation load and play in lottie-ios? (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso bodymovin validate" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso bodymovin validate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso magic-link" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso magic-link" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso magic-link" -eq 1' -fa 'request' -d 'Ask the server to email a sign-in link. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso magic-link" -eq 1' -fa 'redeem' -d 'Redeem a sign-in link\'s token for a session. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso magic-link request" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso magic-link request" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso magic-link redeem" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso magic-link redeem" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso applinks" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso applinks" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso applinks" -eq 1' -fa 'check' -d 'Fetch and check an origin\'s AASA and assetlinks.json. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso applinks check" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso applinks check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso check" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso sandbox" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso sandbox" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso demo" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso demo" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso openweb" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso openweb" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso openweb" -eq 1' -fa 'register' -d 'Exchange an SDK codeA for a codeB via /sso/v1/register-user. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso openweb register" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso openweb register" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso echo" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso echo" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso echo" -eq 1' -fa 'verify' -d 'Check X-Auth-Service-Provider and X-Verify-Credentials-Authorization, then call the provider. (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso echo verify" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso echo verify" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso members" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso members" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso members" -eq 1' -fa 'log-out' -d 'Log a member out of the channel (members.log-out-by-sso-id). (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso members" -eq 1' -fa 'remove' -d 'Remove a member from the channel (members.remove-by-sso-id). (not available yet)'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso members log-out" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso members log-out" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso members remove" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso members remove" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso cache" -eq 1' -fa 'list' -d 'List cached sign-ins: provider, client, account, subject and expiry, never a token.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso cache" -eq 1' -fa 'clear' -d 'Remove the channel\'s cached sign-in, or every one with --all.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache list" json' -l 'json' -d 'Print one JSON document on stdout instead of human output.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache list" v verbose' -s 'v' -l 'verbose' -d 'Trace HTTP requests and responses to stderr, with every secret redacted.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache list" cache-dir' -l 'cache-dir' -d 'Token cache directory (env DOTS_SSO_CACHE_DIR; default $XDG_CACHE_HOME/dots-sso).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache list" account' -l 'account' -d 'Which account\'s tokens to use when several people sign in to one channel.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache list" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" json' -l 'json' -d 'Print one JSON document on stdout instead of human output.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" v verbose' -s 'v' -l 'verbose' -d 'Trace HTTP requests and responses to stderr, with every secret redacted.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" channel' -l 'channel' -d 'Channel name (from $XDG_CONFIG_HOME/dots-sso/channels) or path to a channel JSON file (env DOTS_SSO_CHANNEL).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" issuer' -l 'issuer' -d 'The provider\'s issuer URL (discovery starts here).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" authorization-endpoint' -l 'authorization-endpoint' -d 'The partner\'s authorization URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" token-endpoint' -l 'token-endpoint' -d 'The partner\'s token URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" profile-endpoint' -l 'profile-endpoint' -d 'The partner\'s profile (userinfo-like) URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" passes-endpoint' -l 'passes-endpoint' -d 'The partner\'s passes endpoint (returns a JSON array of .pkpass URLs).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" revocation-endpoint' -l 'revocation-endpoint' -d 'The provider\'s RFC 7009 revocation URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" client-id' -l 'client-id' -d 'The OAuth client id.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" client-secret-file' -l 'client-secret-file' -d 'A file holding the client secret (\'-\' reads stdin); never pass a secret as a flag value.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear"' -l 'scope' -d 'Scopes to request, space-separated or repeated.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" redirect-uri' -l 'redirect-uri' -d 'The redirect URI registered with the partner.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" cache-dir' -l 'cache-dir' -d 'Token cache directory (env DOTS_SSO_CACHE_DIR; default $XDG_CACHE_HOME/dots-sso).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" account' -l 'account' -d 'Which account\'s tokens to use when several people sign in to one channel.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" all' -l 'all' -d 'Remove every cached sign-in.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso cache clear" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso channel" -eq 1' -fa 'init' -d 'Write a channel file from flags.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso channel" -eq 1' -fa 'show' -d 'Show the effective channel configuration (file plus flags).'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_positional "dots-sso channel" -eq 1' -fa 'list' -d 'List the configured channels.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" json' -l 'json' -d 'Print one JSON document on stdout instead of human output.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" v verbose' -s 'v' -l 'verbose' -d 'Trace HTTP requests and responses to stderr, with every secret redacted.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" channel' -l 'channel' -d 'Channel name (from $XDG_CONFIG_HOME/dots-sso/channels) or path to a channel JSON file (env DOTS_SSO_CHANNEL).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" issuer' -l 'issuer' -d 'The provider\'s issuer URL (discovery starts here).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" authorization-endpoint' -l 'authorization-endpoint' -d 'The partner\'s authorization URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" token-endpoint' -l 'token-endpoint' -d 'The partner\'s token URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" profile-endpoint' -l 'profile-endpoint' -d 'The partner\'s profile (userinfo-like) URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" passes-endpoint' -l 'passes-endpoint' -d 'The partner\'s passes endpoint (returns a JSON array of .pkpass URLs).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" revocation-endpoint' -l 'revocation-endpoint' -d 'The provider\'s RFC 7009 revocation URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" client-id' -l 'client-id' -d 'The OAuth client id.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" client-secret-file' -l 'client-secret-file' -d 'A file holding the client secret (\'-\' reads stdin); never pass a secret as a flag value.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init"' -l 'scope' -d 'Scopes to request, space-separated or repeated.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" redirect-uri' -l 'redirect-uri' -d 'The redirect URI registered with the partner.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" client-secret-env' -l 'client-secret-env' -d 'Name of the environment variable holding the client secret.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" force' -l 'force' -d 'Replace an existing channel file.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel init" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" json' -l 'json' -d 'Print one JSON document on stdout instead of human output.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" v verbose' -s 'v' -l 'verbose' -d 'Trace HTTP requests and responses to stderr, with every secret redacted.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" channel' -l 'channel' -d 'Channel name (from $XDG_CONFIG_HOME/dots-sso/channels) or path to a channel JSON file (env DOTS_SSO_CHANNEL).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" issuer' -l 'issuer' -d 'The provider\'s issuer URL (discovery starts here).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" authorization-endpoint' -l 'authorization-endpoint' -d 'The partner\'s authorization URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" token-endpoint' -l 'token-endpoint' -d 'The partner\'s token URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" profile-endpoint' -l 'profile-endpoint' -d 'The partner\'s profile (userinfo-like) URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" passes-endpoint' -l 'passes-endpoint' -d 'The partner\'s passes endpoint (returns a JSON array of .pkpass URLs).' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" revocation-endpoint' -l 'revocation-endpoint' -d 'The provider\'s RFC 7009 revocation URL.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" client-id' -l 'client-id' -d 'The OAuth client id.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" client-secret-file' -l 'client-secret-file' -d 'A file holding the client secret (\'-\' reads stdin); never pass a secret as a flag value.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show"' -l 'scope' -d 'Scopes to request, space-separated or repeated.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" redirect-uri' -l 'redirect-uri' -d 'The redirect URI registered with the partner.' -rfka ''
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel list" json' -l 'json' -d 'Print one JSON document on stdout instead of human output.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel list" v verbose' -s 'v' -l 'verbose' -d 'Trace HTTP requests and responses to stderr, with every secret redacted.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel list" version' -l 'version' -d 'Show the version.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso channel list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'dots-sso' -n '__dots-sso_should_offer_completions_for_flags_or_options "dots-sso help" version' -l 'version' -d 'Show the version.'
