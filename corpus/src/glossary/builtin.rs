//! The card files and drawings compiled into the binary. Keep these lists in
//! step with the folders `glossary/cards/` and `glossary/pictures/`:
//! `tests/glossary.rs` fails when a file is missing from them.

macro_rules! card {
    ($name:literal) => {
        (concat!("glossary/cards/", $name), include_str!(concat!("../../glossary/cards/", $name)))
    };
}

macro_rules! picture {
    ($name:literal) => {
        ($name, include_str!(concat!("../../glossary/pictures/", $name)))
    };
}

pub(super) const CARDS: &[(&str, &str)] = &[
    card!("bi.toml"),
    card!("bian.toml"),
    card!("chou.toml"),
    card!("chun.toml"),
    card!("dao.toml"),
    card!("dizi.toml"),
    card!("dou.toml"),
    card!("fa.toml"),
    card!("fei.toml"),
    card!("feng.toml"),
    card!("gan.toml"),
    card!("gang.toml"),
    card!("ge.toml"),
    card!("gong-body.toml"),
    card!("gong-bow.toml"),
    card!("gu-target.toml"),
    card!("gu.toml"),
    card!("hou.toml"),
    card!("houdao.toml"),
    card!("huo.toml"),
    card!("huozhe.toml"),
    card!("huzhong.toml"),
    card!("ji.toml"),
    card!("jin.toml"),
    card!("jing.toml"),
    card!("jue-cup.toml"),
    card!("jue-ring.toml"),
    card!("luzhong.toml"),
    card!("lvzhong.toml"),
    card!("mi.toml"),
    card!("ou.toml"),
    card!("pishuzhong.toml"),
    card!("pu.toml"),
    card!("shangshe-xiashe.toml"),
    card!("she-guard.toml"),
    card!("she-tongue.toml"),
    card!("shengshi.toml"),
    card!("shi.toml"),
    card!("shihuozhe.toml"),
    card!("sijin.toml"),
    card!("sima.toml"),
    card!("sishe.toml"),
    card!("sizheng.toml"),
    card!("sizhong.toml"),
    card!("suan.toml"),
    card!("sui.toml"),
    card!("tan.toml"),
    card!("wu.toml"),
    card!("xi.toml"),
    card!("xian.toml"),
    card!("xianhuo.toml"),
    card!("xiao.toml"),
    card!("xie.toml"),
    card!("zhan.toml"),
    card!("zheng.toml"),
    card!("zhi-ground.toml"),
    card!("zhi-hold.toml"),
    card!("zhi.toml"),
    card!("zhong.toml"),
    card!("zu.toml"),
];

pub(super) const PICTURES: &[(&str, &str)] = &[
    picture!("bi.svg"),
    picture!("fa.svg"),
    picture!("feng.svg"),
    picture!("gu.svg"),
    picture!("hou.svg"),
    picture!("jue-cup.svg"),
    picture!("jue-ring.svg"),
    picture!("luzhong.svg"),
    picture!("shooting-ground.svg"),
    picture!("sui.svg"),
    picture!("zhi.svg"),
];
