export default definePageConfig({ navigationBarTitleText: '商品分享', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
